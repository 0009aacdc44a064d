import { formatMoney, type AffiliateAction, type AffiliateSummary } from '@shopfront/core';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { formatCount } from '../lib/format.ts';
import { AFFILIATE_STATUS_LABELS } from '../lib/status-labels.ts';
import { Badge } from './badge.tsx';
import { DataTable } from './data-table.tsx';
import { RowActions } from './row-actions.tsx';

export interface AffiliatesTableMeta {
  onAction: (affiliate: AffiliateSummary, action: AffiliateAction) => void;
  onPay: (affiliate: AffiliateSummary) => void;
  /** The affiliate whose status is changing, whose buttons wait. */
  busyId: string | null;
}

const column = createColumnHelper<AffiliateSummary>();
const money = (cents: number, row: AffiliateSummary) => formatMoney(cents, row.currency);
const count = (key: 'visits' | 'signups' | 'sales', header: string) =>
  column.accessor((row) => row.stats[key], { id: key, header, cell: (ctx) => formatCount(ctx.getValue()), meta: { numeric: true } });

/** Module-level, so cell renderers keep their identity between renders. */
const columns = [
  column.accessor('name', {
    header: 'Affiliate',
    cell: (ctx) => (
      <>
        <span className="block">{ctx.row.original.name || ctx.row.original.email}</span>
        <span className="block font-normal break-all text-slate-600">{ctx.row.original.email}</span>
      </>
    ),
  }),
  column.accessor('code', { header: 'Code', cell: (ctx) => <span className="font-mono font-semibold tracking-wide">{ctx.getValue()}</span> }),
  column.accessor('status', {
    header: 'Status',
    cell: (ctx) => {
      const style = AFFILIATE_STATUS_LABELS[ctx.getValue()];
      return <Badge tone={style.tone}>{style.label}</Badge>;
    },
  }),
  count('visits', 'Visits'),
  count('signups', 'Signups'),
  count('sales', 'Sales'),
  column.accessor((row) => row.stats.revenueCents, { id: 'revenue', header: 'Revenue', cell: (ctx) => money(ctx.getValue(), ctx.row.original), meta: { numeric: true } }),
  column.accessor('owedCents', {
    header: 'Commission owed',
    cell: (ctx) => (
      <>
        <span className="block">{money(ctx.getValue(), ctx.row.original)}</span>
        {ctx.row.original.payableCents > 0 ? <span className="block text-xs text-slate-600">{money(ctx.row.original.payableCents, ctx.row.original)} payable now</span> : null}
      </>
    ),
    meta: { numeric: true },
  }),
  column.accessor('paidCents', { header: 'Commission paid', cell: (ctx) => money(ctx.getValue(), ctx.row.original), meta: { numeric: true } }),
  column.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: (ctx) => {
      const meta = ctx.table.options.meta as AffiliatesTableMeta;
      return <RowActions affiliate={ctx.row.original} busy={meta.busyId === ctx.row.original.id} onAction={meta.onAction} onPay={meta.onPay} />;
    },
  }),
];

/** Every affiliate of the store with their numbers and what the store owes them. */
export function AffiliatesTable({ affiliates, meta, busy }: { affiliates: AffiliateSummary[]; meta: AffiliatesTableMeta; busy: boolean }) {
  const table = useReactTable({ data: affiliates, columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.id, meta });
  return <DataTable table={table} caption="Affiliates, with their visits, sales and commission" busy={busy} />;
}

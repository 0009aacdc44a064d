import { formatMoney, type AffiliateAction, type AffiliateSummary } from '@shopfront/core';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { plural } from '../lib/format.ts';
import { AFFILIATE_STATUS_LABELS } from '../lib/status-labels.ts';
import { Badge } from './badge.tsx';
import { DataTable } from '#src/components/ui/data-table.tsx';
import { RowActions } from './row-actions.tsx';

export interface AffiliatesTableMeta {
  onAction: (affiliate: AffiliateSummary, action: AffiliateAction) => void;
  onPay: (affiliate: AffiliateSummary) => void;
  /** The affiliate whose status is changing, whose buttons wait. */
  busyId: string | null;
}

const column = createColumnHelper<AffiliateSummary>();
const money = (cents: number, row: AffiliateSummary) => formatMoney(cents, row.currency);
const line = 'block whitespace-nowrap';

/**
 * Module-level, so cell renderers keep their identity between renders. Few, stacked columns: the
 * whole row (numbers, money and actions) fits a 1280 px screen; narrower ones scroll in the card.
 */
const columns = [
  column.accessor('name', {
    header: 'Affiliate',
    cell: (ctx) => (
      <>
        <span className="block">{ctx.row.original.name || ctx.row.original.email}</span>
        <span className="block font-normal break-all text-slate-600">{ctx.row.original.email}</span>
        <span className="mt-1 block font-mono text-xs font-semibold tracking-wide text-slate-700">{ctx.row.original.code}</span>
      </>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (ctx) => {
      const style = AFFILIATE_STATUS_LABELS[ctx.getValue()];
      return <Badge tone={style.tone}>{style.label}</Badge>;
    },
  }),
  column.accessor((row) => row.stats.visits, {
    id: 'referred',
    header: 'Referred',
    cell: (ctx) => {
      const { visits, signups, sales } = ctx.row.original.stats;
      return (
        <>
          <span className={line}>{plural(visits, 'visit', 'visits')}</span>
          <span className={line}>{plural(signups, 'signup', 'signups')}</span>
          <span className={line}>{plural(sales, 'sale', 'sales')}</span>
        </>
      );
    },
    meta: { numeric: true },
  }),
  column.accessor((row) => row.stats.revenueCents, { id: 'revenue', header: 'Revenue', cell: (ctx) => money(ctx.getValue(), ctx.row.original), meta: { numeric: true } }),
  column.accessor('owedCents', {
    header: 'Commission',
    cell: (ctx) => {
      const row = ctx.row.original;
      return (
        <>
          <span className={line}>{money(row.owedCents, row)} owed</span>
          {row.payableCents > 0 ? <span className={`${line} text-xs text-slate-600`}>{money(row.payableCents, row)} payable now</span> : null}
          <span className={`${line} text-slate-600`}>{money(row.paidCents, row)} paid</span>
        </>
      );
    },
    meta: { numeric: true },
  }),
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

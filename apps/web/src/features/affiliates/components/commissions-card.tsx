import { formatMoney, type AffiliateCommission } from '@shopfront/core';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { payableCsvUrl, useAffiliateCommissions } from '../api/affiliates-api.ts';
import { formatDate } from '../lib/format.ts';
import { commissionStatusLabel } from '../lib/status-labels.ts';
import { Badge } from './badge.tsx';
import { CARD_BODY, Card } from './card.tsx';
import { DataTable } from '#src/components/ui/data-table.tsx';

const column = createColumnHelper<AffiliateCommission>();
const money = (cents: number, row: AffiliateCommission) => formatMoney(cents, row.currency);

const columns = [
  column.accessor('createdAt', { header: 'Date', cell: (ctx) => <time dateTime={ctx.getValue()}>{formatDate(ctx.getValue())}</time> }),
  column.accessor('affiliateName', { header: 'Affiliate' }),
  column.accessor('productTitle', { header: 'Product', cell: (ctx) => <span className="inline-block max-w-56 whitespace-normal break-words">{ctx.getValue()}</span> }),
  column.accessor('baseCents', { header: 'Sale', cell: (ctx) => money(ctx.getValue(), ctx.row.original), meta: { numeric: true } }),
  column.accessor('amountCents', { header: 'Commission', cell: (ctx) => money(ctx.getValue(), ctx.row.original), meta: { numeric: true } }),
  column.accessor('netCents', {
    header: 'Net',
    cell: (ctx) => (
      <>
        <span className="block">{money(ctx.getValue(), ctx.row.original)}</span>
        {ctx.row.original.reversedCents > 0 ? <span className="block text-xs text-slate-600">{money(ctx.row.original.reversedCents, ctx.row.original)} refunded</span> : null}
      </>
    ),
    meta: { numeric: true },
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (ctx) => {
      const style = commissionStatusLabel(ctx.row.original);
      return (
        <span className="flex flex-wrap gap-1.5">
          <Badge tone={style.tone}>{style.label}</Badge>
          {ctx.row.original.testMode ? <Badge tone="slate">Test</Badge> : null}
        </span>
      );
    },
  }),
];

/** Every commission, newest first: pending through the holding period, then payable, then paid. */
export function CommissionsCard({ storeId }: { storeId: string }) {
  const commissions = useAffiliateCommissions(storeId);
  const rows = commissions.data?.commissions ?? [];
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.id });
  return (
    <Card
      title="Commissions"
      description="One per referred sale. Refunds before payout shrink it; “Test” marks sales paid with the test card."
      actions={
        <a href={payableCsvUrl(storeId)} download className={buttonClasses('secondary', 'min-h-9 px-3 py-1.5')}>
          Export payable (CSV)
        </a>
      }
    >
      {commissions.isPending ? (
        <Spinner label="Loading commissions" />
      ) : commissions.isError ? (
        <div className={CARD_BODY}>
          <LoadError title="Commissions could not load" error={commissions.error} onRetry={() => void commissions.refetch()} />
        </div>
      ) : rows.length === 0 ? (
        <p className={`text-sm text-slate-600 ${CARD_BODY}`}>No commissions yet. When a referred visitor buys, the sale shows up here.</p>
      ) : (
        <DataTable table={table} caption="Commissions, newest first" busy={commissions.isFetching} />
      )}
    </Card>
  );
}

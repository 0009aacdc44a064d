import { formatMoney, type AffiliatePayout } from '@shopfront/core';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useAffiliatePayouts } from '../api/affiliates-api.ts';
import { formatCount, formatDate } from '../lib/format.ts';
import { CARD_BODY, Card } from './card.tsx';
import { DataTable } from '#src/components/ui/data-table.tsx';

const METHODS: Record<AffiliatePayout['method'], string> = { manual: 'Marked paid', stripe_transfer: 'Stripe transfer' };

const column = createColumnHelper<AffiliatePayout>();
const columns = [
  column.accessor('createdAt', { header: 'Date', cell: (ctx) => <time dateTime={ctx.getValue()}>{formatDate(ctx.getValue())}</time> }),
  column.accessor('affiliateName', { header: 'Affiliate' }),
  column.accessor('amountCents', { header: 'Amount', cell: (ctx) => formatMoney(ctx.getValue(), ctx.row.original.currency), meta: { numeric: true } }),
  column.accessor('commissionCount', { header: 'Commissions', cell: (ctx) => formatCount(ctx.getValue()), meta: { numeric: true } }),
  column.accessor('method', { header: 'How', cell: (ctx) => METHODS[ctx.getValue()] }),
  column.accessor('note', { header: 'Note', cell: (ctx) => <span className="inline-block max-w-64 whitespace-normal break-words">{ctx.getValue() || '—'}</span> }),
];

/** What was paid to whom, newest first. */
export function PayoutsCard({ storeId }: { storeId: string }) {
  const payouts = useAffiliatePayouts(storeId);
  const rows = payouts.data?.payouts ?? [];
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.id });
  return (
    <Card title="Payouts" description="Each “Mark paid”, one per currency.">
      {payouts.isPending ? (
        <Spinner label="Loading payouts" />
      ) : payouts.isError ? (
        <div className={CARD_BODY}>
          <LoadError title="Payouts could not load" error={payouts.error} onRetry={() => void payouts.refetch()} />
        </div>
      ) : rows.length === 0 ? (
        <p className={`text-sm text-slate-600 ${CARD_BODY}`}>No payouts yet. Mark an affiliate paid in the Affiliates tab once their commission is payable.</p>
      ) : (
        <DataTable table={table} caption="Payouts, newest first" busy={payouts.isFetching} />
      )}
    </Card>
  );
}

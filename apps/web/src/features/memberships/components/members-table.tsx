import type { Member } from '@shopfront/core';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { TableScroller } from '#src/components/ui/table-scroller.tsx';
import { formatDay, money, perInterval, statusText } from '../lib/member-format.ts';

export interface MembersTableMeta {
  onCancel: (member: Member) => void;
  onRefund: (member: Member) => void;
}

const column = createColumnHelper<Member>();
const line = 'block whitespace-nowrap';

// Module-level, so cell renderers keep their identity between renders.
const columns = [
  column.accessor((row) => row.customer.email, {
    id: 'member',
    header: 'Member',
    cell: (ctx) => (
      <>
        <span className="block">{ctx.row.original.customer.name || ctx.row.original.customer.email}</span>
        {ctx.row.original.customer.name ? <span className="block font-normal break-all text-slate-600">{ctx.row.original.customer.email}</span> : null}
      </>
    ),
  }),
  column.accessor((row) => row.tier.name, {
    id: 'tier',
    header: 'Tier',
    cell: (ctx) => {
      const row = ctx.row.original;
      return (
        <>
          <span className={line}>{row.tier.name}</span>
          <span className={`${line} text-slate-600`}>
            {money(row.priceCents, row.currency)}/{perInterval(row.interval)}
          </span>
        </>
      );
    },
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (ctx) => {
      // "Active · cancels at period end" on two lines, so the row fits a 1280 px screen.
      const [state, ending] = statusText(ctx.getValue(), ctx.row.original.cancelAtPeriodEnd, null).split(' · ');
      return (
        <>
          <span className={line}>{state}</span>
          {ending ? <span className={`${line} text-slate-600`}>{ending}</span> : null}
        </>
      );
    },
  }),
  column.accessor('since', { header: 'Since', cell: (ctx) => formatDay(ctx.getValue()) }),
  column.accessor('lifetimeValueCents', { header: 'Lifetime value', cell: (ctx) => money(ctx.getValue(), ctx.row.original.currency), meta: { numeric: true } }),
  column.accessor('nextCharge', {
    header: 'Next charge',
    cell: (ctx) => {
      const next = ctx.getValue();
      if (!next) return <span className="text-slate-500">None</span>;
      return (
        <>
          <span className={line}>{formatDay(next.at)}</span>
          <span className={`${line} text-slate-600`}>{money(next.amountCents, ctx.row.original.currency)}</span>
        </>
      );
    },
  }),
  column.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: (ctx) => {
      const meta = ctx.table.options.meta as MembersTableMeta;
      const member = ctx.row.original;
      const who = member.customer.email;
      return (
        <div className="flex flex-col items-stretch gap-2">
          {member.status === 'ended' ? null : (
            <Button variant="secondary" onClick={() => meta.onCancel(member)} aria-label={`Cancel ${who}`}>
              Cancel
            </Button>
          )}
          {member.lifetimeValueCents > 0 ? (
            <Button variant="ghost" onClick={() => meta.onRefund(member)} aria-label={`Refund last payment of ${who}`}>
              Refund
            </Button>
          ) : null}
        </div>
      );
    },
  }),
];

const isNumeric = (meta: unknown) => Boolean(meta && typeof meta === 'object' && 'numeric' in meta && meta.numeric);

/** A page of members: who, tier and price, status, since, lifetime value, next charge and actions. */
export function MembersTable({ members, meta, busy }: { members: Member[]; meta: MembersTableMeta; busy: boolean }) {
  const table = useReactTable({ data: members, columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.id, meta });
  const caption = 'Members, with their tier, status and payments';
  return (
    <TableScroller label={caption}>
      <table className="min-w-full text-sm" aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-y border-slate-200 bg-slate-50">
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={cn('px-3 py-2 font-semibold whitespace-nowrap text-slate-700', isNumeric(header.column.columnDef.meta) ? 'text-right' : 'text-left')}>
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="align-top">
              {row.getVisibleCells().map((cell, index) =>
                index === 0 ? (
                  <th key={cell.id} scope="row" className="max-w-64 min-w-40 px-3 py-3 text-left font-medium break-words text-slate-900">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </th>
                ) : (
                  <td key={cell.id} className={cn('px-3 py-3 whitespace-nowrap text-slate-800', isNumeric(cell.column.columnDef.meta) ? 'text-right tabular-nums' : 'text-left')}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

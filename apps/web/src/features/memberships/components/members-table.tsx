import type { Member, MemberSort } from '@shopfront/core';
import { createColumnHelper, getCoreRowModel, useReactTable, type OnChangeFn, type SortingState } from '@tanstack/react-table';
import { Button } from '#src/components/ui/button.tsx';
import { DataTable } from '#src/components/ui/data-table.tsx';
import { formatDay, money, perInterval, STATUS_LABELS, statusNote } from '../lib/member-format.ts';

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
    enableSorting: true,
    cell: (ctx) => (
      <>
        <span className="block">{ctx.row.original.customer.name || ctx.row.original.customer.email}</span>
        {ctx.row.original.customer.name ? <span className="block font-normal break-all text-slate-600">{ctx.row.original.customer.email}</span> : null}
        {/* Since sits under the member, so the row (with period end and last charge) fits a 1280 px screen. */}
        <span className="block font-normal text-slate-600">since {formatDay(ctx.row.original.since)}</span>
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
      // "Active" over "cancels Mar 5" (the year is in Period end), so the row fits a 1280 px screen.
      const state = STATUS_LABELS[ctx.getValue()];
      const ending = statusNote(ctx.row.original);
      return (
        <>
          <span className={line}>{state}</span>
          {ending ? <span className={`${line} text-slate-600`}>{ending}</span> : null}
        </>
      );
    },
  }),
  column.accessor('periodEnd', {
    header: 'Period end',
    enableSorting: true,
    // A paused or ended membership has no period running: its old end would mislead.
    cell: (ctx) => (ctx.row.original.status === 'paused' || ctx.row.original.status === 'ended' ? <span className="text-slate-500">—</span> : formatDay(ctx.getValue())),
  }),
  column.accessor('lastCharge', {
    header: 'Last charge',
    meta: { numeric: true },
    cell: (ctx) => {
      const last = ctx.getValue();
      if (!last) return <span className="text-slate-500">None</span>;
      return (
        <>
          <span className={line}>{money(last.amountCents, ctx.row.original.currency)}</span>
          <span className={`${line} text-slate-600`}>{last.refunded ? 'Refunded' : formatDay(last.at)}</span>
        </>
      );
    },
  }),
  column.accessor('lifetimeValueCents', {
    enableSorting: true,
    // On two lines: its numbers are short, its name is not.
    header: () => (
      <>
        Lifetime
        <br />
        value
      </>
    ),
    cell: (ctx) => money(ctx.getValue(), ctx.row.original.currency),
    meta: { numeric: true },
  }),
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

/** The server's sort key of each sortable column. */
const SORT_OF_COLUMN: Record<string, MemberSort> = { member: 'member', periodEnd: 'periodEnd', lifetimeValueCents: 'lifetimeValue' };

/** The list's order for the table's sorting; none sorted is the server's default, newest first. */
export function memberOrder(sorting: SortingState): { sort?: MemberSort; direction?: 'asc' | 'desc' } {
  const [first] = sorting;
  const sort = first ? SORT_OF_COLUMN[first.id] : undefined;
  return sort && first ? { sort, direction: first.desc ? 'desc' : 'asc' } : {};
}

/**
 * A page of members: who (and since when), tier and price, status, period end, last charge, lifetime value, next charge and actions.
 * Member, period end and lifetime value sort on the server (every page, not just this one); a
 * third click on a column goes back to newest first.
 */
export function MembersTable({
  members,
  meta,
  busy,
  sorting,
  onSortingChange,
}: {
  members: Member[];
  meta: MembersTableMeta;
  busy: boolean;
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
}) {
  const table = useReactTable({
    data: members,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
    meta,
    manualSorting: true,
    enableMultiSort: false,
    defaultColumn: { enableSorting: false },
    state: { sorting },
    onSortingChange,
  });
  return <DataTable table={table} caption="Members, with their tier, status and payments" busy={busy} dense />;
}

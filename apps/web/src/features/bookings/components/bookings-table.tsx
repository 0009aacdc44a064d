import type { CreatorBooking } from '@shopfront/core';
import { createColumnHelper, flexRender, getCoreRowModel, getExpandedRowModel, useReactTable, type ExpandedState } from '@tanstack/react-table';
import { Fragment, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { TableScroller } from '#src/components/ui/table-scroller.tsx';
import { buyerOf, buyerTimeLabel, STATUS_LABELS, whenLabel } from '../lib/booking-format.ts';
import { takesMeetingLink } from './meeting-link-form.tsx';

export type BookingAction = 'reschedule' | 'cancel' | 'no-show' | 'meeting-link';

interface TableMeta {
  timeZone: string;
  now: number;
  onAction: (action: BookingAction, booking: CreatorBooking) => void;
}

const column = createColumnHelper<CreatorBooking>();
const meta = (ctx: { table: { options: { meta?: unknown } } }) => ctx.table.options.meta as TableMeta;

// Module-level, so cell renderers keep their identity between renders.
const columns = [
  column.accessor('startsAt', {
    header: 'When',
    cell: (ctx) => {
      const { timeZone } = meta(ctx);
      const theirs = buyerTimeLabel(ctx.row.original, timeZone);
      return (
        <>
          <time dateTime={ctx.getValue()} className="block whitespace-nowrap">
            {whenLabel(ctx.row.original, timeZone)}
          </time>
          {theirs ? <span className="block font-normal text-slate-600">{theirs}</span> : null}
        </>
      );
    },
  }),
  column.accessor('productTitle', { header: 'Call', cell: (ctx) => <span className="block max-w-56 break-words whitespace-normal">{ctx.getValue()}</span> }),
  column.accessor('buyerEmail', {
    header: 'Buyer',
    cell: (ctx) => (
      <>
        <span className="block">{buyerOf(ctx.row.original)}</span>
        {ctx.row.original.buyerName ? <span className="block break-all text-slate-600">{ctx.row.original.buyerEmail}</span> : null}
      </>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (ctx) => {
      const style = STATUS_LABELS[ctx.getValue()];
      return (
        <>
          <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', style.className)}>{style.label}</span>
          {ctx.row.original.testMode ? <span className="mt-1 block text-xs text-slate-500">Test</span> : null}
        </>
      );
    },
  }),
  column.display({
    id: 'answers',
    header: 'Answers',
    cell: (ctx) => {
      const count = ctx.row.original.answers.length;
      if (count === 0) return <span className="text-slate-500">None</span>;
      const open = ctx.row.getIsExpanded();
      return (
        <button
          type="button"
          className="inline-flex min-h-11 items-center gap-1 rounded-md px-1 font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-expanded={open}
          aria-controls={`answers-${ctx.row.id}`}
          aria-label={`${open ? 'Hide' : 'Show'} ${count} ${count === 1 ? 'answer' : 'answers'} of ${buyerOf(ctx.row.original)}`}
          onClick={ctx.row.getToggleExpandedHandler()}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          {open ? 'Hide' : 'Show'} {count} {count === 1 ? 'answer' : 'answers'}
        </button>
      );
    },
  }),
  column.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: (ctx) => {
      const { onAction, now } = meta(ctx);
      const booking = ctx.row.original;
      if (booking.status !== 'confirmed') return null;
      const who = `${booking.productTitle} with ${buyerOf(booking)}`;
      const started = Date.parse(booking.startsAt) <= now;
      return (
        <div className="flex flex-wrap gap-2">
          {started ? null : (
            <Button variant="secondary" onClick={() => onAction('reschedule', booking)} aria-label={`Reschedule ${who}`}>
              Reschedule
            </Button>
          )}
          <Button variant="ghost" onClick={() => onAction('cancel', booking)} aria-label={`Cancel ${who}`}>
            Cancel
          </Button>
          {started ? (
            <Button variant="ghost" onClick={() => onAction('no-show', booking)} aria-label={`Mark ${who} as a no-show`}>
              No-show
            </Button>
          ) : null}
          {takesMeetingLink(booking, now) ? (
            <Button variant="ghost" onClick={() => onAction('meeting-link', booking)} aria-label={`${booking.location.value ? 'Change the meeting link of' : 'Add the meeting link of'} ${who}`}>
              {booking.location.value ? 'Change link' : 'Add link'}
            </Button>
          ) : null}
        </div>
      );
    },
  }),
];

/**
 * The bookings as a table: when (the store's zone, and the buyer's when it differs), call, buyer,
 * status, the intake answers in a row that opens under the booking, and the actions of a
 * confirmed booking (reschedule before it starts, cancel, no-show once it has started, the
 * meeting link of a call whose link is made per booking until it ends).
 */
export function BookingsTable({ bookings, timeZone, now, busy = false, onAction }: { bookings: CreatorBooking[]; timeZone: string; now: number; busy?: boolean; onAction: TableMeta['onAction'] }) {
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const table = useReactTable({
    data: bookings,
    columns,
    state: { expanded },
    onExpandedChange: setExpanded,
    getRowCanExpand: (row) => row.original.answers.length > 0,
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    getRowId: (row) => row.id,
    meta: { timeZone, now, onAction } satisfies TableMeta,
  });
  const width = table.getVisibleLeafColumns().length;
  return (
    <TableScroller label="Bookings">
      <table className="min-w-full text-sm" aria-busy={busy}>
        <caption className="sr-only">Bookings, with their time, call, buyer, status and answers</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-y border-slate-200 bg-slate-50">
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-700">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.getRowModel().rows.map((row) => (
            <Fragment key={row.id}>
              <tr className="align-top">
                {row.getVisibleCells().map((cell, index) =>
                  index === 0 ? (
                    <th key={cell.id} scope="row" className="px-3 py-3 text-left font-medium text-slate-900">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </th>
                  ) : (
                    <td key={cell.id} className="px-3 py-3 text-left whitespace-nowrap text-slate-800">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ),
                )}
              </tr>
              {row.getIsExpanded() ? (
                <tr id={`answers-${row.id}`} className="bg-slate-50">
                  <td colSpan={width} className="px-4 py-3">
                    <dl className="grid max-w-3xl gap-3" aria-label={`Answers of ${buyerOf(row.original)}`}>
                      {row.original.answers.map((answer) => (
                        <div key={answer.questionId}>
                          <dt className="font-semibold text-slate-700">{answer.label}</dt>
                          <dd className="break-words whitespace-pre-wrap text-slate-900">{answer.answer || '—'}</dd>
                        </div>
                      ))}
                    </dl>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

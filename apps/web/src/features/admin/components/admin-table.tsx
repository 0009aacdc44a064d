import { flexRender, type Table } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { TableScroller } from '#src/components/ui/table-scroller.tsx';

/**
 * An admin TanStack table's markup: a horizontally scrolling card with a screen-reader caption,
 * sortable headers announced with `aria-sort`, the rows, and one full-width row when there are none.
 */
export function AdminTable<Row>({
  table,
  caption,
  empty,
  busy = false,
  cellClassName = 'px-3 py-2 align-top text-slate-800',
}: {
  table: Table<Row>;
  caption: string;
  empty: ReactNode;
  busy?: boolean;
  cellClassName?: string;
}) {
  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  return (
    <TableScroller label={caption} className="rounded-xl bg-white ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={header.column.getIsSorted() === 'asc' ? 'ascending' : header.column.getIsSorted() === 'desc' ? 'descending' : undefined}
                  className="whitespace-nowrap px-3 py-2 text-left font-semibold text-slate-700"
                >
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="px-3 py-8 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={cellClassName}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableScroller>
  );
}

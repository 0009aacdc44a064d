import { flexRender, type Header, type Table } from '@tanstack/react-table';
import { cn } from '#src/components/ui/cn.ts';
import { TableScroller } from '#src/components/ui/table-scroller.tsx';

/** A column's `meta`: numbers align right. */
export interface ColumnMeta {
  numeric?: boolean;
}

/**
 * A TanStack table's markup, scrolling sideways inside its card as the analytics tables do (never
 * the page); the first cell of each row is its header for screen readers. `dense`: narrower cell
 * padding, for tables with many columns (members).
 */
export function DataTable<Row>({ table, caption, busy = false, dense = false }: { table: Table<Row>; caption: string; busy?: boolean; dense?: boolean }) {
  const padX = dense ? 'px-3' : 'px-4';
  return (
    <TableScroller label={caption}>
      <table className="min-w-full text-sm" aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-y border-slate-200 bg-slate-50">
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={ariaSort(header)}
                  className={cn(`${padX} py-2 font-semibold whitespace-nowrap text-slate-700`, isNumeric(header.column.columnDef.meta) ? 'text-right' : 'text-left')}
                >
                  {sortable(header) ? <SortButton header={header} /> : flexRender(header.column.columnDef.header, header.getContext())}
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
                  <th key={cell.id} scope="row" className={cn(padX, 'max-w-64 min-w-40 py-3 text-left font-medium break-words text-slate-900')}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </th>
                ) : (
                  <td key={cell.id} className={cn(`${padX} py-3 whitespace-nowrap text-slate-800`, isNumeric(cell.column.columnDef.meta) ? 'text-right tabular-nums' : 'text-left')}>
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

/**
 * A column sorts only in a table that sorts (on the server, `manualSorting`, or in the browser,
 * `getSortedRowModel`) and allows it for the column. (`options.state.sorting` cannot tell: the
 * React adapter always fills it with the table's own state.)
 */
const sortable = <Row,>(header: Header<Row, unknown>) => {
  const { options } = header.getContext().table;
  return Boolean(options.manualSorting || options.getSortedRowModel) && header.column.getCanSort();
};

function ariaSort<Row>(header: Header<Row, unknown>): 'ascending' | 'descending' | 'none' | undefined {
  if (!sortable(header)) return undefined;
  const sorted = header.column.getIsSorted();
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

/** The header as a button that sorts by its column; the arrow shows the direction (aria-sort says it). */
function SortButton<Row>({ header }: { header: Header<Row, unknown> }) {
  const sorted = header.column.getIsSorted();
  return (
    <button
      type="button"
      onClick={header.column.getToggleSortingHandler()}
      className="-mx-1 inline-flex min-h-9 items-center gap-1 rounded px-1 text-inherit hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span>{flexRender(header.column.columnDef.header, header.getContext())}</span>
      <span aria-hidden="true" className={cn('text-xs', sorted ? 'text-slate-900' : 'text-slate-400')}>
        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
      </span>
    </button>
  );
}

const isNumeric = (meta: unknown) => Boolean(meta && typeof meta === 'object' && 'numeric' in meta && meta.numeric);

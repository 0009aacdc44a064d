import { flexRender, type Table } from '@tanstack/react-table';
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
                <th key={header.id} scope="col" className={cn(`${padX} py-2 font-semibold whitespace-nowrap text-slate-700`, isNumeric(header.column.columnDef.meta) ? 'text-right' : 'text-left')}>
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

const isNumeric = (meta: unknown) => Boolean(meta && typeof meta === 'object' && 'numeric' in meta && meta.numeric);

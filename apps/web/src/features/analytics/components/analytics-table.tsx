import { createColumnHelper, flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useId, useMemo, type ReactNode } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { TableScroller } from '#src/components/ui/table-scroller.tsx';
import { downloadCsv, slugPart, toCsv, type CsvValue } from '../lib/csv.ts';

/** A column: what the cell shows, and what the CSV holds (raw numbers, full text). */
export interface TableColumn<Row> {
  id: string;
  header: string;
  csv: (row: Row) => CsvValue;
  cell?: (row: Row) => ReactNode;
  numeric?: boolean;
}

interface AnalyticsTableProps<Row> {
  title: string;
  /** Said once, under the title and in the table's caption. */
  description?: string;
  rows: readonly Row[];
  columns: readonly TableColumn<Row>[];
  rowKey: (row: Row, index: number) => string;
  /** The CSV's file name without ".csv"; the table's title goes after it. */
  filePrefix: string;
  emptyText?: string;
}

/** A card with one TanStack table, scrolling sideways inside the card, and Export CSV of exactly its rows. */
export function AnalyticsTable<Row>({ title, description, rows, columns, rowKey, filePrefix, emptyText = 'Nothing in this period.' }: AnalyticsTableProps<Row>) {
  const titleId = useId();
  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<Row>();
    return columns.map((column) =>
      helper.accessor((row) => column.csv(row), {
        id: column.id,
        header: column.header,
        cell: (ctx) => (column.cell ? column.cell(ctx.row.original) : String(ctx.getValue())),
        meta: { numeric: column.numeric },
      }),
    ) as ColumnDef<Row, CsvValue>[];
  }, [columns]);
  const table = useReactTable({ data: rows as Row[], columns: tableColumns, getCoreRowModel: getCoreRowModel(), getRowId: rowKey });

  const exportCsv = () =>
    downloadCsv(
      `${filePrefix}-${slugPart(title)}.csv`,
      toCsv(
        columns.map((column) => column.header),
        rows.map((row) => columns.map((column) => column.csv(row))),
      ),
    );

  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2 px-4 pt-4 sm:px-5">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-slate-900">
            {title}
          </h3>
          {description ? <p className="text-sm text-slate-600">{description}</p> : null}
        </div>
        <Button variant="secondary" className="min-h-9 px-3 py-1.5" onClick={exportCsv} disabled={rows.length === 0} aria-label={`Export CSV: ${title}`}>
          Export CSV
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="px-4 pt-3 pb-5 text-sm text-slate-600 sm:px-5">{emptyText}</p>
      ) : (
        <TableScroller label={title} className="mt-3 pb-2">
          <table className="min-w-full text-sm">
            <caption className="sr-only">
              {title}
              {description ? `: ${description}` : ''}
            </caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id} className="border-y border-slate-200 bg-slate-50">
                  {group.headers.map((header) => (
                    <th
                      key={header.id}
                      scope="col"
                      className={cn('px-4 py-2 font-semibold whitespace-nowrap text-slate-700', isNumeric(header.column.columnDef.meta) ? 'text-right' : 'text-left')}
                    >
                      {flexRender(header.column.columnDef.header, header.getContext())}
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-slate-100">
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell, index) =>
                    index === 0 ? (
                      <th key={cell.id} scope="row" className="max-w-64 px-4 py-2.5 text-left font-medium break-words text-slate-900">
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </th>
                    ) : (
                      <td
                        key={cell.id}
                        className={cn('px-4 py-2.5 whitespace-nowrap text-slate-800', isNumeric(cell.column.columnDef.meta) ? 'text-right tabular-nums' : 'text-left')}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}

const isNumeric = (meta: unknown) => Boolean(meta && typeof meta === 'object' && 'numeric' in meta && meta.numeric);

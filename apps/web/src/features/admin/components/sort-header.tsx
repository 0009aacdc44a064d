import type { Header } from '@tanstack/react-table';

/** A sortable column's header: a button that flips the order, announcing the current one. */
export function SortHeader<Row>({ header, label }: { header: Header<Row, unknown>; label: string }) {
  const sorted = header.column.getIsSorted();
  return (
    <button
      type="button"
      onClick={header.column.getToggleSortingHandler()}
      className="inline-flex min-h-11 items-center gap-1 font-semibold text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {label}
      <span aria-hidden="true" className="text-slate-400">
        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
      </span>
      <span className="sr-only">{sorted ? `, sorted ${sorted === 'asc' ? 'ascending' : 'descending'}` : ', sort'}</span>
    </button>
  );
}

import type { ImportRow } from '@shopfront/core';
import { cn } from '#src/components/ui/cn.ts';
import { TableScroller } from '#src/components/ui/table-scroller.tsx';

const OUTCOME_LABEL: Record<ImportRow['outcome'], string> = { create: 'New', update: 'Update', skip: 'Skip' };

/** The preview's rows: line number, contact, consent, what importing does, and why. A table from `sm` up, cards on phones. */
export function ImportPreviewTable({ rows }: { rows: ImportRow[] }) {
  return (
    <>
      <RowCards rows={rows} />
      <RowTable rows={rows} />
    </>
  );
}

function Result({ row }: { row: ImportRow }) {
  return (
    <>
      {row.error ? <span className="font-medium text-red-700">Error: {row.error}</span> : <span className="font-medium text-slate-900">{OUTCOME_LABEL[row.outcome]}</span>}
      {row.note ? <span className="block text-xs text-slate-600">{row.note}</span> : null}
    </>
  );
}

function RowCards({ rows }: { rows: ImportRow[] }) {
  return (
    <ul aria-label="Rows of the file" className="space-y-2 sm:hidden">
      {rows.map((row) => (
        <li key={row.line} className={cn('rounded-xl p-3 text-sm ring-1 ring-inset', row.error ? 'bg-red-50 ring-red-200' : 'bg-white ring-slate-200')}>
          <p className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 font-medium text-slate-900 wrap-anywhere">{row.email || '(empty)'}</span>
            <span className="shrink-0 text-xs tabular-nums text-slate-600">Line {row.line}</span>
          </p>
          <p className="text-slate-600">
            {[row.name, row.tags.join(', '), row.marketingConsent ? 'Consent: yes' : 'Consent: no'].filter(Boolean).join(' · ')}
          </p>
          <p className="mt-1">
            <Result row={row} />
          </p>
        </li>
      ))}
    </ul>
  );
}

function RowTable({ rows }: { rows: ImportRow[] }) {
  return (
    <TableScroller label="Rows of the file" className="hidden rounded-xl ring-1 ring-slate-200 sm:block">
      <table className="min-w-full divide-y divide-slate-200 bg-white text-left text-sm">
        <caption className="sr-only">Rows of the file</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">Line</th>
            <th scope="col" className="px-3 py-2">Email</th>
            <th scope="col" className="px-3 py-2">Name</th>
            <th scope="col" className="px-3 py-2">Tags</th>
            <th scope="col" className="px-3 py-2">Consent</th>
            <th scope="col" className="px-3 py-2">Result</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.line} className={cn(row.error ? 'bg-red-50' : null)}>
              <td className="px-3 py-2 tabular-nums text-slate-600">{row.line}</td>
              <td className="px-3 py-2 text-slate-900 wrap-anywhere">{row.email || <span className="text-slate-400">(empty)</span>}</td>
              <td className="px-3 py-2 text-slate-700">{row.name}</td>
              <td className="px-3 py-2 text-slate-700">{row.tags.join(', ')}</td>
              <td className="px-3 py-2 text-slate-700">{row.marketingConsent ? 'Yes' : 'No'}</td>
              <td className="px-3 py-2">
                <Result row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

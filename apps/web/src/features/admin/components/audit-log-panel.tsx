import type { AdminAuditEntry } from '@shopfront/core';
import { createColumnHelper, getCoreRowModel, getFilteredRowModel, getSortedRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useAdminAuditLog } from '../api/admin-users-api.ts';
import { formatAdminTime } from '../lib/format-admin-time.ts';
import { AdminTable } from './admin-table.tsx';
import { SortHeader } from './sort-header.tsx';

const column = createColumnHelper<AdminAuditEntry>();

const valueText = (value: unknown) => (value === undefined ? '—' : Array.isArray(value) ? String(value.length) : JSON.stringify(value));
const asObject = (state: unknown) => (state !== null && typeof state === 'object' && !Array.isArray(state) ? (state as Record<string, unknown>) : null);

/** A state as short `key: value` text. */
function stateText(state: unknown): string {
  const object = asObject(state);
  if (!object) return state === null || state === undefined ? '—' : String(state);
  return Object.entries(object).map(([key, value]) => `${key}: ${valueText(value)}`).join(', ');
}

/**
 * A row's before and after as one short list: `key: before → after` for each key that changed, the
 * recorded keys as they are when none did, and both sides in full when one is not an object. The
 * audit row keeps the full JSON. One column instead of two keeps the log on a 1280 px screen.
 */
export function changeLines(before: unknown, after: unknown): string[] {
  const from = asObject(before);
  const to = asObject(after);
  if (!from || !to) return [`Before: ${stateText(before)}`, `After: ${stateText(after)}`];
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  const changed = keys.filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]));
  if (changed.length === 0) return keys.length > 0 ? keys.map((key) => `${key}: ${valueText(to[key])}`) : ['—'];
  return changed.map((key) => `${key}: ${valueText(from[key])} → ${valueText(to[key])}`);
}

/** Date above time, so the column stays narrow. */
function WhenCell({ iso }: { iso: string }) {
  const at = new Date(iso);
  return (
    <time dateTime={iso} title={formatAdminTime(iso)} className="block whitespace-nowrap">
      <span className="block">{new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(at)}</span>
      <span className="block text-slate-600">{new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(at)}</span>
    </time>
  );
}

const columns = [
  column.accessor('createdAt', {
    header: (ctx) => <SortHeader header={ctx.header} label="Time" />,
    cell: (ctx) => <WhenCell iso={ctx.getValue()} />,
  }),
  column.accessor((row) => row.actorEmail ?? row.actorId, { id: 'actor', header: (ctx) => <SortHeader header={ctx.header} label="Actor" />, cell: (ctx) => <span className="block min-w-36 break-all">{ctx.getValue()}</span> }),
  column.accessor('action', {
    header: (ctx) => <SortHeader header={ctx.header} label="Action" />,
    cell: (ctx) => <span className="whitespace-nowrap font-medium">{ctx.getValue()}</span>,
  }),
  column.accessor((row) => row.targetLabel ?? row.targetId ?? '—', { id: 'target', header: (ctx) => <SortHeader header={ctx.header} label="Target" />, cell: (ctx) => <span className="block min-w-36 break-all">{ctx.getValue()}</span> }),
  column.accessor('reason', { header: 'Reason', enableSorting: false, cell: (ctx) => <span className="block min-w-32">{ctx.getValue() ?? '—'}</span> }),
  column.accessor((row) => changeLines(row.before, row.after).join('\n'), {
    id: 'change',
    header: 'Change',
    enableSorting: false,
    cell: (ctx) => (
      <ul className="min-w-48 space-y-0.5">
        {ctx.getValue().split('\n').map((text) => (
          <li key={text} className="break-words">
            {text}
          </li>
        ))}
      </ul>
    ),
  }),
];

/**
 * The append-only audit log, newest first, 50 rows at a time ("Load more"). Sorting and the
 * filter apply to the rows loaded so far.
 */
export function AuditLogPanel() {
  const filterId = useId();
  const log = useAdminAuditLog();
  const [sorting, setSorting] = useState<SortingState>([]);
  const [filter, setFilter] = useState('');
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.entries) ?? [], [log.data]);
  const table = useReactTable({
    data: entries,
    columns,
    state: { sorting, globalFilter: filter },
    onSortingChange: setSorting,
    onGlobalFilterChange: setFilter,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getRowId: (row) => row.id,
  });

  if (log.isPending) return <Spinner label="Loading the audit log" />;
  if (log.isError) {
    return (
      <Alert title="Could not load the audit log">
        {errorMessage(log.error)}{' '}
        <Button variant="ghost" onClick={() => void log.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="admin-audit-title" className="space-y-4">
      <h2 id="admin-audit-title" className="sr-only">
        Audit log
      </h2>
      <div className="max-w-md space-y-1.5">
        <label htmlFor={filterId} className="block text-sm font-medium text-slate-800">
          Filter loaded entries
        </label>
        <input
          id={filterId}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm"
        />
      </div>
      <AdminTable
        table={table}
        caption="Audit log, newest first"
        empty={entries.length === 0 ? 'No admin actions yet.' : 'No loaded entries match the filter.'}
      />
      {log.hasNextPage ? (
        <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage} aria-busy={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : entries.length > 0 ? (
        <p className="text-sm text-slate-600">That is the whole log.</p>
      ) : null}
    </section>
  );
}

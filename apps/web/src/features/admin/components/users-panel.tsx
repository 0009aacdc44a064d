import type { AdminUserRow } from '@shopfront/core';
import { createColumnHelper, getCoreRowModel, useReactTable, type PaginationState, type SortingState } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import { useAdminUserSearch } from '../api/admin-users-api.ts';
import { formatAdminTime } from '../lib/format-admin-time.ts';
import { AdminsCard } from './admins-card.tsx';
import { AdminTable } from './admin-table.tsx';
import { SortHeader } from './sort-header.tsx';
import { UserDetailDialog } from './user-detail-dialog.tsx';
import { UserStatusBadges } from './user-status-badges.tsx';

const column = createColumnHelper<AdminUserRow>();
const PAGE_SIZES = [10, 25, 50, 100];

interface UsersTableMeta {
  openUser: (userId: string) => void;
}

/** Module-level, so cell renderers keep their identity and rows are not remounted on each render. */
const columns = [
  column.accessor('email', {
    header: (ctx) => <SortHeader header={ctx.header} label="Email" />,
    cell: (ctx) => (
      <button
        type="button"
        onClick={() => (ctx.table.options.meta as UsersTableMeta | undefined)?.openUser(ctx.row.original.id)}
        className="min-h-11 text-left font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {ctx.getValue()}
      </button>
    ),
  }),
  column.accessor('name', { header: (ctx) => <SortHeader header={ctx.header} label="Name" />, cell: (ctx) => ctx.getValue() ?? '—' }),
  column.accessor('planId', { header: 'Plan', enableSorting: false }),
  column.accessor('storeCount', { header: 'Stores', enableSorting: false }),
  column.display({ id: 'status', header: 'Status', cell: (ctx) => <UserStatusBadges user={ctx.row.original} /> }),
  column.accessor('createdAt', { header: (ctx) => <SortHeader header={ctx.header} label="Joined" />, cell: (ctx) => formatAdminTime(ctx.getValue()) }),
];

/**
 * Every user, searchable by email or name, sorted and paged on the server (TanStack Table in
 * manual mode): a page holds at most 100 users, however many the platform has.
 */
export function UsersPanel() {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [sorting, setSorting] = useState<SortingState>([{ id: 'email', desc: false }]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 25 });
  const [openUserId, setOpenUserId] = useState<string | null>(null);
  const query = useDebouncedValue(search.trim(), search.trim(), 300);
  const sort = sorting[0];
  const result = useAdminUserSearch({
    ...(query ? { query } : {}),
    sort: (sort?.id ?? 'email') as 'email' | 'name' | 'createdAt',
    direction: sort?.desc ? 'desc' : 'asc',
    page: pagination.pageIndex,
    pageSize: pagination.pageSize,
  });
  const total = result.data?.total ?? 0;

  const table = useReactTable({
    data: result.data?.users ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    rowCount: total,
    state: { sorting, pagination },
    onSortingChange: (updater) => {
      setSorting(updater);
      setPagination((page) => ({ ...page, pageIndex: 0 }));
    },
    onPaginationChange: setPagination,
    getRowId: (row) => row.id,
    meta: { openUser: setOpenUserId } satisfies UsersTableMeta,
  });

  return (
    <section aria-labelledby="admin-users-title" className="space-y-4">
      <h2 id="admin-users-title" className="sr-only">
        Users
      </h2>
      <AdminsCard onOpen={setOpenUserId} />
      <div className="max-w-md space-y-1.5">
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
          Search by email or name
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPagination((page) => ({ ...page, pageIndex: 0 }));
          }}
          className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm"
        />
      </div>

      {result.isError ? (
        <Alert title="Could not load users">
          {errorMessage(result.error)}{' '}
          <Button variant="ghost" onClick={() => void result.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : result.isPending ? (
        <Spinner label="Loading users" />
      ) : (
        <>
          <AdminTable
            table={table}
            caption={`Users, ${total} in all`}
            busy={result.isFetching}
            empty={query ? `No users match “${query}”.` : 'No users yet.'}
            cellClassName="whitespace-nowrap px-3 py-1.5 text-slate-800"
          />
          <nav aria-label="Users pages" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <Button variant="secondary" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
              Previous
            </Button>
            <span aria-live="polite">
              Page {pagination.pageIndex + 1} of {Math.max(1, table.getPageCount())}
            </span>
            <Button variant="secondary" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
              Next
            </Button>
            <label className="ml-auto flex items-center gap-2">
              Per page
              <select
                value={pagination.pageSize}
                onChange={(event) => setPagination({ pageIndex: 0, pageSize: Number(event.target.value) })}
                className="min-h-11 rounded-lg border border-slate-300 bg-white px-2"
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
          </nav>
        </>
      )}
      <UserDetailDialog userId={openUserId} onClose={() => setOpenUserId(null)} />
    </section>
  );
}

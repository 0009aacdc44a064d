import { MEMBER_STATUSES, type Member } from '@shopfront/core';
import type { SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import { useExportMembers, useMembers, type MemberFilters } from '../api/members-api.ts';
import { useTierOptions } from '../api/tiers-api.ts';
import { STATUS_LABELS, type MemberStatus } from '../lib/member-format.ts';
import { CancelMemberDialog, RefundMemberDialog } from './member-dialogs.tsx';
import { memberOrder, MembersTable } from './members-table.tsx';

export const SEARCH_DEBOUNCE_MS = 300;
export const EMPTY_MEMBERS_TEXT = 'No members yet — share your membership’s page';

const FIELD = 'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm';

/** One membership's members: filters, search, pages, CSV export, and cancel or refund per row. */
export function MembersScreen({ storeId, productId }: { storeId: string; productId: string }) {
  const [tierId, setTierId] = useState('');
  const [status, setStatus] = useState<MemberStatus | ''>('');
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [cancelling, setCancelling] = useState<Member | null>(null);
  const [refunding, setRefunding] = useState<Member | null>(null);
  const typed = input.trim();
  const search = useDebouncedValue(typed, typed, SEARCH_DEBOUNCE_MS);
  const filters: MemberFilters = { ...(tierId ? { tierId } : {}), ...(status ? { status } : {}), ...(search ? { search } : {}) };
  const filtered = Object.keys(filters).length > 0;
  // The order is not a filter (the empty state does not change with it), but the list and the CSV follow it.
  const ordered: MemberFilters = { ...filters, ...memberOrder(sorting) };
  const members = useMembers(storeId, productId, ordered, page);
  const tiers = useTierOptions(storeId, productId);
  const exporter = useExportMembers(storeId, productId);
  const pick = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  const onExport = () =>
    exporter.mutate(ordered, {
      onSuccess: (file) => {
        const rows = `${file.rows.toLocaleString('en-US')} ${file.rows === 1 ? 'member' : 'members'}`;
        if (file.truncated) toast.error(`The export stopped at ${rows}: more members match. Filter by tier or status to export the rest.`);
        else toast.success(`Exported ${rows}.`);
      },
    });

  return (
    <div className="space-y-5">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem_auto] sm:items-end">
        <div>
          <label htmlFor="member-search" className="mb-1 block text-sm font-medium text-slate-700">
            Search by email
          </label>
          <input id="member-search" type="search" value={input} onChange={(event) => pick(setInput)(event.target.value)} maxLength={100} className={FIELD} />
        </div>
        <div>
          <label htmlFor="member-tier" className="mb-1 block text-sm font-medium text-slate-700">
            Tier
          </label>
          <select id="member-tier" value={tierId} onChange={(event) => pick(setTierId)(event.target.value)} className={FIELD}>
            <option value="">All tiers</option>
            {(tiers.data ?? []).map((tier) => (
              <option key={tier.id} value={tier.id}>
                {tier.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="member-status" className="mb-1 block text-sm font-medium text-slate-700">
            Status
          </label>
          <select id="member-status" value={status} onChange={(event) => pick(setStatus)(event.target.value as MemberStatus | '')} className={FIELD}>
            <option value="">Any status</option>
            {MEMBER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" onClick={onExport} disabled={exporter.isPending} aria-busy={exporter.isPending}>
          {exporter.isPending ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      {exporter.isError ? <Alert>{errorMessage(exporter.error)}</Alert> : null}

      {members.isPending ? (
        <Spinner label="Loading members" />
      ) : members.isError && !members.data ? (
        <LoadError title="Members could not load" error={members.error} onRetry={() => void members.refetch()} />
      ) : members.data.total === 0 ? (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="font-medium text-slate-900">{filtered ? 'No members match these filters.' : EMPTY_MEMBERS_TEXT}</p>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {members.data.total === 1 ? '1 member' : `${members.data.total.toLocaleString('en-US')} members`}
          </p>
          <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <MembersTable
              members={members.data.members}
              meta={{ onCancel: setCancelling, onRefund: setRefunding }}
              busy={members.isFetching}
              sorting={sorting}
              onSortingChange={pick(setSorting)}
            />
          </div>
          <Pager page={members.data.page} pageSize={members.data.pageSize} total={members.data.total} busy={members.isPlaceholderData} onPage={setPage} />
        </div>
      )}

      <CancelMemberDialog storeId={storeId} productId={productId} member={cancelling} onClose={() => setCancelling(null)} />
      <RefundMemberDialog storeId={storeId} productId={productId} member={refunding} onClose={() => setRefunding(null)} />
    </div>
  );
}

function Pager({ page, pageSize, total, busy, onPage }: { page: number; pageSize: number; total: number; busy: boolean; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  return (
    <nav aria-label="Member pages" className="flex items-center justify-between gap-3">
      <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
        Previous
      </Button>
      <p className="text-sm text-slate-600">
        Page {page} of {pages}
      </p>
      <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pages || busy}>
        Next
      </Button>
    </nav>
  );
}

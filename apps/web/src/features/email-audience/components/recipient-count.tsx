import type { SegmentFilter } from '@shopfront/core';
import { errorMessage } from '#src/lib/error-message.ts';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import { useSegmentCount } from '../api/audience-api.ts';

/** How long the builder waits after the last change before it asks for a new count. */
export const COUNT_DEBOUNCE_MS = 400;

export const SUPPRESSION_NOTE = 'People who unsubscribed, bounced or marked your email as spam are never emailed, whatever the segment says.';

const number = new Intl.NumberFormat('en-US');

/** The live count while a segment is built: who it would email now, and who matches at all. */
export function RecipientCount({ storeId, filter }: { storeId: string; filter: SegmentFilter | null }) {
  const key = JSON.stringify(filter);
  const settled = useDebouncedValue(filter, key, COUNT_DEBOUNCE_MS);
  const count = useSegmentCount(storeId, settled);
  const waiting = settled !== filter || count.isFetching;

  return (
    <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-inset ring-slate-200">
      <p aria-live="polite" aria-busy={waiting} className="text-sm text-slate-900" data-testid="live-recipient-count">
        {filter === null ? (
          <span className="text-slate-600">Fix the fields above to see who this reaches.</span>
        ) : count.data ? (
          <>
            <span className="text-lg font-semibold">{number.format(count.data.recipients)} will receive</span>
            <span className="text-slate-600"> · {number.format(count.data.matching)} match</span>
            {waiting ? <span className="sr-only"> (updating)</span> : null}
          </>
        ) : count.isError ? (
          <span className="font-medium text-red-600">The count could not load. {errorMessage(count.error)}</span>
        ) : (
          <span className="text-slate-600">Counting…</span>
        )}
      </p>
      <p className="mt-1 text-xs text-slate-600">{SUPPRESSION_NOTE}</p>
    </div>
  );
}

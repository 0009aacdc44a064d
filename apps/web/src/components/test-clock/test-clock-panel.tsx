import type { StoreTestClock } from '@shopfront/core';
import { useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useAdvanceStoreTestClock, useStoreTestClock } from '#src/lib/use-store-test-clock.ts';

const MOVES = [
  { label: '+1 hour', minutes: 60 },
  { label: '+1 day', minutes: 24 * 60 },
  { label: '+7 days', minutes: 7 * 24 * 60 },
  { label: '+30 days', minutes: 30 * 24 * 60 },
] as const;

/** "3 days 2 hours ahead", or that it shows real time. */
export function clockSummary(clock: Pick<StoreTestClock, 'offsetSeconds' | 'now'>): string {
  if (clock.offsetSeconds === 0) return 'The test clock shows real time.';
  const hours = Math.floor(clock.offsetSeconds / 3600);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const parts = [days > 0 ? `${days} ${days === 1 ? 'day' : 'days'}` : '', rest > 0 ? `${rest} ${rest === 1 ? 'hour' : 'hours'}` : ''].filter(Boolean);
  const ahead = parts.length > 0 ? parts.join(' ') : `${Math.round(clock.offsetSeconds / 60)} minutes`;
  const at = new Date(clock.now).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return `The test clock is ${ahead} ahead: test mode sees ${at}.`;
}

/**
 * Moves the store's test clock (decision 035): only what the test card paid for follows it, so a
 * creator can watch a time-based rule (a commission leaving its hold) play out without waiting. Shown only
 * on a server that takes test payments.
 */
export function TestClockPanel({ storeId, description }: { storeId: string; description: string }) {
  const clock = useStoreTestClock(storeId);
  const advance = useAdvanceStoreTestClock(storeId);
  const [moved, setMoved] = useState('');
  // While it loads nothing shows: most servers take no test payments, and then there is no panel.
  if (clock.isError) {
    return (
      <Alert className="mt-5">
        The test clock could not be loaded: {errorMessage(clock.error)}{' '}
        <Button type="button" variant="secondary" onClick={() => void clock.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!clock.data?.available) return null;

  const move = async (label: string, minutes: number) => {
    setMoved('');
    try {
      const next = await advance.mutateAsync(minutes);
      setMoved(`Moved ${label.slice(1)} forward. ${clockSummary(next)}`);
    } catch {
      // The alert below says why.
    }
  };

  return (
    <section aria-labelledby={`test-clock-${storeId}`} className="mt-5 rounded-lg border border-dashed border-amber-400 bg-amber-50 p-4">
      <h3 id={`test-clock-${storeId}`} className="text-base font-semibold text-slate-900">
        Test clock
      </h3>
      <p className="mt-1 text-sm text-slate-700">{description}</p>
      <p className="mt-2 text-sm font-medium text-slate-900">{clockSummary(clock.data)}</p>
      <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Move the test clock forward">
        {MOVES.map((option) => (
          <Button key={option.minutes} type="button" variant="secondary" disabled={advance.isPending} aria-busy={advance.isPending} onClick={() => void move(option.label, option.minutes)}>
            {option.label}
          </Button>
        ))}
      </div>
      {advance.isError ? <Alert className="mt-3">{errorMessage(advance.error)}</Alert> : null}
      <p role="status" className="mt-2 text-sm font-medium text-emerald-800">
        {moved}
      </p>
    </section>
  );
}

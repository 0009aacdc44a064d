import { useEffect, useState } from 'react';
import { addDays, queryWindow, slotsByDay, type DaySlots } from '../lib/zoned-time.ts';

/** What the picker asks for: open starts (ISO instants) in [from, to), labelled for `timeZone`. */
export interface SlotQuery {
  from: string;
  to: string;
  timeZone: string;
}

export type LoadSlots = (query: SlotQuery, signal: AbortSignal) => Promise<string[]>;

export type WeekSlots = ({ state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; days: DaySlots[] }) & { retry: () => void };

interface Answer {
  key: string;
  result: { ok: true; starts: string[] } | { ok: false; message: string };
}

/**
 * The open starts of the 7 days from `firstDay` in `timeZone`, asked again when the week, the
 * zone or `refreshKey` changes (a retry, or a time just taken by someone else). An answer for an
 * earlier question is never shown for a later one.
 */
export function useWeekSlots(loadSlots: LoadSlots, firstDay: string, timeZone: string, refreshKey: number): WeekSlots {
  const [retries, setRetries] = useState(0);
  const key = `${firstDay}|${timeZone}|${refreshKey}|${retries}`;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const retry = () => setRetries((count) => count + 1);
  useEffect(() => {
    const controller = new AbortController();
    loadSlots({ ...queryWindow(firstDay, 7), timeZone }, controller.signal).then(
      (starts) => {
        if (!controller.signal.aborted) setAnswer({ key, result: { ok: true, starts } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ key, result: { ok: false, message: error instanceof Error && error.message ? error.message : 'The times could not load.' } });
      },
    );
    return () => controller.abort();
  }, [loadSlots, firstDay, timeZone, key]);

  if (!answer || answer.key !== key) return { state: 'loading', retry };
  if (!answer.result.ok) return { state: 'error', message: answer.result.message, retry };
  const days = Array.from({ length: 7 }, (_, index) => addDays(firstDay, index));
  return { state: 'ready', days: slotsByDay(answer.result.starts, days, timeZone), retry };
}

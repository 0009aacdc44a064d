import type { AvailabilityOverride } from '@shopfront/core';
import { useId, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useDeleteOverride, useOverrides, useSetOverride } from '../api/availability-api.ts';
import { DayPeriodsSchema, DEFAULT_PERIOD, normaliseEnd } from '../lib/hours-form.ts';
import { dayLabels } from '../lib/zoned-time.ts';
import { AvailabilityCard } from './availability-card.tsx';
import { RemovableList } from './removable-list.tsx';

const input = 'block min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm';

export const hoursText = (hours: AvailabilityOverride['hours']) => (hours.length === 0 ? 'Day off' : hours.map((period) => `${period.start}–${period.end}`).join(', '));

/** One date's own hours (or a day off), replacing that weekday's hours; removing one confirms first. */
export function OverridesCard({ storeId }: { storeId: string }) {
  return (
    <AvailabilityCard title="Date overrides" description="A day off, or other hours on one date. The weekly hours apply on every other date.">
      <RemovableList
        list={useOverrides(storeId)}
        items={(data) => data.overrides}
        keyOf={(override) => override.date}
        label="Date overrides"
        loadingLabel="Loading the overrides"
        loadErrorTitle="The overrides could not load"
        empty="No overrides: every date follows your weekly hours."
        row={(override) => (
          <span>
            <span className="block font-medium text-slate-900">{dayLabels(override.date).long}</span>
            <span className="block text-sm text-slate-600">{hoursText(override.hours)}</span>
          </span>
        )}
        removeLabel={(override) => `Remove the override on ${dayLabels(override.date).long}`}
        remove={useDeleteOverride(storeId)}
        confirm={{
          title: () => 'Remove this override?',
          description: (override) => (override ? `${dayLabels(override.date).long} follows your weekly hours again.` : ''),
          label: 'Remove override',
          removed: () => 'Override removed.',
        }}
      >
        <OverrideForm storeId={storeId} />
      </RemovableList>
    </AvailabilityCard>
  );
}

function OverrideForm({ storeId }: { storeId: string }) {
  const id = useId();
  const save = useSetOverride(storeId);
  const [date, setDate] = useState('');
  const [dayOff, setDayOff] = useState(true);
  const [periods, setPeriods] = useState([{ ...DEFAULT_PERIOD }]);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    setError(null);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setError('Enter a date as YYYY-MM-DD.');
    const hours = dayOff ? [] : periods.map((period) => ({ start: period.start, end: normaliseEnd(period.end) }));
    const checked = DayPeriodsSchema.safeParse(hours);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Check the hours.');
    save.mutate(
      { date, hours },
      {
        onSuccess: () => {
          toast.success(`${dayLabels(date).long}: ${hoursText(hours)}.`);
          setDate('');
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <fieldset className="space-y-3 rounded-xl bg-slate-50 p-3">
      <legend className="sr-only">Add an override</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-date`} className="block text-sm font-medium text-slate-800">
            Date
          </label>
          <input id={`${id}-date`} type="date" value={date} onChange={(event) => setDate(event.target.value)} className={input} />
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="radio" name={`${id}-kind`} checked={dayOff} onChange={() => setDayOff(true)} className="size-4 accent-brand-600" /> Day off
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="radio" name={`${id}-kind`} checked={!dayOff} onChange={() => setDayOff(false)} className="size-4 accent-brand-600" /> Other hours
        </label>
      </div>
      {dayOff ? null : (
        <ul className="space-y-2" aria-label="Hours on that date">
          {periods.map((period, index) => (
            <li key={index} className="flex flex-wrap items-center gap-2">
              <input type="time" aria-label={`Period ${index + 1} opens`} value={period.start} onChange={(event) => setPeriods(periods.map((p, i) => (i === index ? { ...p, start: event.target.value } : p)))} className={input} />
              <span aria-hidden="true">–</span>
              <input type="time" aria-label={`Period ${index + 1} closes`} value={period.end} onChange={(event) => setPeriods(periods.map((p, i) => (i === index ? { ...p, end: event.target.value } : p)))} className={input} />
              {periods.length > 1 ? (
                <Button variant="ghost" onClick={() => setPeriods(periods.filter((_, i) => i !== index))} aria-label={`Remove period ${index + 1}`}>
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
          <li>
            <Button variant="ghost" className="px-2 text-brand-700" onClick={() => setPeriods([...periods, { start: '', end: '' }])}>
              + Add period
            </Button>
          </li>
        </ul>
      )}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
      <Button variant="secondary" onClick={submit} disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? 'Saving…' : 'Add override'}
      </Button>
    </fieldset>
  );
}

import { BOOKING_LIMITS, type Holiday } from '@shopfront/core';
import { useId, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useAddHoliday, useDeleteHoliday, useHolidays } from '../api/availability-api.ts';
import { dayLabels } from '../lib/zoned-time.ts';
import { AvailabilityCard } from './availability-card.tsx';
import { RemovableList } from './removable-list.tsx';

const input = 'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm';

const rangeText = (holiday: Holiday) =>
  holiday.startsOn === holiday.endsOn ? dayLabels(holiday.startsOn).long : `${dayLabels(holiday.startsOn).long} – ${dayLabels(holiday.endsOn).long}`;

/** Named closed ranges (both ends included): nothing is offered on them, whatever the hours say. */
export function HolidaysCard({ storeId }: { storeId: string }) {
  return (
    <AvailabilityCard title="Holidays" description="Dates you are away: no call is offered on them. Calls already booked stay booked.">
      <RemovableList
        list={useHolidays(storeId)}
        items={(data) => data.holidays}
        keyOf={(holiday) => holiday.id}
        label="Holidays"
        loadingLabel="Loading the holidays"
        loadErrorTitle="The holidays could not load"
        empty="No holidays planned."
        row={(holiday) => (
          <span className="min-w-0">
            <span className="block font-medium break-words text-slate-900">{holiday.name}</span>
            <span className="block text-sm text-slate-600">{rangeText(holiday)}</span>
          </span>
        )}
        removeLabel={(holiday) => `Remove ${holiday.name}`}
        remove={useDeleteHoliday(storeId)}
        confirm={{
          title: (holiday) => `Remove “${holiday?.name ?? ''}”?`,
          description: () => 'Its dates follow your weekly hours again, so buyers can book them.',
          label: 'Remove holiday',
          removed: (holiday) => `“${holiday.name}” removed.`,
        }}
      >
        <HolidayForm storeId={storeId} />
      </RemovableList>
    </AvailabilityCard>
  );
}

function HolidayForm({ storeId }: { storeId: string }) {
  const id = useId();
  const add = useAddHoliday(storeId);
  const [values, setValues] = useState({ name: '', startsOn: '', endsOn: '' });
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setError(null);
    const name = values.name.trim();
    if (!name || name.length > BOOKING_LIMITS.holidayNameMax) return setError(`Give the holiday a name of at most ${BOOKING_LIMITS.holidayNameMax} characters.`);
    if (!values.startsOn || !values.endsOn) return setError('Enter a date as YYYY-MM-DD.');
    if (values.endsOn < values.startsOn) return setError('A holiday must end on or after the day it starts.');
    add.mutate(
      { name, startsOn: values.startsOn, endsOn: values.endsOn },
      {
        onSuccess: (holiday) => {
          toast.success(`“${holiday.name}” added.`);
          setValues({ name: '', startsOn: '', endsOn: '' });
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  const field = (key: keyof typeof values, label: string, type: string) => (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-${key}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={`${id}-${key}`} type={type} value={values[key]} onChange={(event) => setValues({ ...values, [key]: event.target.value })} className={input} />
    </div>
  );
  return (
    <fieldset className="space-y-3 rounded-xl bg-slate-50 p-3">
      <legend className="sr-only">Add a holiday</legend>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
        {field('name', 'Name', 'text')}
        {field('startsOn', 'First day', 'date')}
        {field('endsOn', 'Last day', 'date')}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
      <Button variant="secondary" onClick={submit} disabled={add.isPending} aria-busy={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add holiday'}
      </Button>
    </fieldset>
  );
}

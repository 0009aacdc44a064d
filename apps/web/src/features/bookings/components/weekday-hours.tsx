import { BOOKING_LIMITS } from '@shopfront/core';
import { useId } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { DEFAULT_PERIOD, WEEKDAY_NAMES, type HoursFormValues, type Weekday } from '../lib/hours-form.ts';

const timeInput = 'block min-h-11 w-29 rounded-lg border bg-white px-2 text-base text-slate-900 shadow-sm focus:outline-2 sm:w-32 sm:text-sm';

/** One weekday: a switch (open or closed) and, when open, its periods with add and remove. */
export function WeekdayHours({ day }: { day: Weekday }) {
  const id = useId();
  const { control, register, setValue, formState, trigger } = useFormContext<HoursFormValues>();
  const periods = useFieldArray({ control, name: `days.${day}.periods` });
  const open = useWatch({ control, name: `days.${day}.open` });
  const name = WEEKDAY_NAMES[day];
  const errors = formState.errors.days?.[day]?.periods;
  const full = periods.fields.length >= BOOKING_LIMITS.periodsPerDay;

  const setOpen = (next: boolean) => {
    setValue(`days.${day}.open`, next, { shouldDirty: true });
    if (next && periods.fields.length === 0) periods.append({ ...DEFAULT_PERIOD });
  };
  const remove = (index: number) => {
    periods.remove(index);
    if (periods.fields.length === 1) setValue(`days.${day}.open`, false, { shouldDirty: true });
    else if (formState.isSubmitted) void trigger(`days.${day}.periods`);
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex min-h-11 items-center gap-3 sm:w-44">
        <button
          type="button"
          role="switch"
          aria-checked={open}
          aria-labelledby={`${id}-name`}
          onClick={() => setOpen(!open)}
          className={cn('relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600', open ? 'bg-brand-600' : 'bg-slate-300')}
        >
          <span aria-hidden="true" className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', open ? 'translate-x-6' : 'translate-x-1')} />
        </button>
        <span id={`${id}-name`} className="font-medium text-slate-900">
          {name}
        </span>
      </div>
      {open ? (
        <div className="min-w-0 flex-1 space-y-2">
          <ul className="space-y-2" aria-label={`${name} open periods`}>
            {periods.fields.map((field, index) => {
              const error = errors?.[index]?.start?.message ?? errors?.[index]?.end?.message;
              const errorId = `${id}-${index}-error`;
              const bad = error ? 'border-red-500 focus:outline-red-500' : 'border-slate-300 focus:outline-brand-600';
              return (
                <li key={field.id}>
                  <div className="flex flex-wrap items-center gap-2">
                    <input type="time" step={300} aria-label={`${name} period ${index + 1} opens`} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} className={cn(timeInput, bad)} {...register(`days.${day}.periods.${index}.start`)} />
                    <span aria-hidden="true" className="text-slate-500">
                      –
                    </span>
                    <input type="time" step={300} aria-label={`${name} period ${index + 1} closes`} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} className={cn(timeInput, bad)} {...register(`days.${day}.periods.${index}.end`)} />
                    <Button variant="ghost" onClick={() => remove(index)} aria-label={`Remove ${name} period ${index + 1}`}>
                      Remove
                    </Button>
                  </div>
                  {error ? (
                    <p id={errorId} className="mt-1 text-sm font-medium text-red-600">
                      {error}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {typeof errors?.message === 'string' ? <p className="text-sm font-medium text-red-600">{errors.message}</p> : null}
          <Button variant="ghost" className="px-2 text-brand-700" disabled={full} onClick={() => periods.append({ start: '', end: '' })} aria-label={`Add a period on ${name}`}>
            + Add period
          </Button>
        </div>
      ) : (
        <p className="flex min-h-11 items-center text-sm text-slate-500">Closed</p>
      )}
    </div>
  );
}

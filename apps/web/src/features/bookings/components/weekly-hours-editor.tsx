import { zodResolver } from '@hookform/resolvers/zod';
import { supportedTimeZones, WEEKDAYS, type WeeklyHours } from '@shopfront/core';
import { useId, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { formToHours, hoursToForm, HoursFormSchema, type HoursFormValues } from '../lib/hours-form.ts';
import { zoneName } from '../lib/zoned-time.ts';
import { WeekdayHours } from './weekday-hours.tsx';

export interface WeeklyHoursEditorProps {
  timeZone: string;
  weeklyHours: WeeklyHours;
  /** setAvailability; a refusal's message shows above the Save button. */
  onSave: (value: { timeZone: string; weeklyHours: WeeklyHours }) => Promise<unknown>;
}

/**
 * The store's time zone and open hours per weekday: each day on or off, with one or more periods,
 * checked as the server checks them (HH:mm, start before end, no overlaps, at most 12 a day).
 */
export function WeeklyHoursEditor({ timeZone, weeklyHours, onSave }: WeeklyHoursEditorProps) {
  const id = useId();
  const form = useForm<HoursFormValues>({ resolver: zodResolver(HoursFormSchema), mode: 'onTouched', defaultValues: hoursToForm(timeZone, weeklyHours) });
  const [serverError, setServerError] = useState<string | null>(null);
  const zones = useMemo(() => [...new Set([timeZone, ...supportedTimeZones()])].sort(), [timeZone]);
  const { formState } = form;

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const saved = formToHours(values);
      await onSave(saved);
      form.reset(hoursToForm(saved.timeZone, saved.weeklyHours));
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5" aria-label="Weekly hours">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-zone`} className="block text-sm font-medium text-slate-800">
            Your time zone
          </label>
          <select
            id={`${id}-zone`}
            className="block min-h-11 w-full max-w-sm rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm"
            aria-describedby={`${id}-zone-hint`}
            {...form.register('timeZone')}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zoneName(zone)}
              </option>
            ))}
          </select>
          <p id={`${id}-zone-hint`} className="text-sm text-slate-500">
            Your hours are in this zone; buyers see them in theirs.
          </p>
        </div>
        <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" aria-label="Open hours per weekday">
          {WEEKDAYS.map((day) => (
            <li key={day} className="p-3 sm:p-4">
              <WeekdayHours day={day} />
            </li>
          ))}
        </ul>
        {serverError ? <Alert title="Hours not saved">{serverError}</Alert> : null}
        <div className="flex flex-wrap items-center justify-end gap-3">
          {formState.isDirty ? <p className="text-sm text-slate-600">Unsaved changes</p> : null}
          <Button type="submit" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : 'Save hours'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

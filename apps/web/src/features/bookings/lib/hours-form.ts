import { BOOKING_LIMITS, CALL_SETTINGS_MESSAGES, WEEKDAYS, type OpenHours, type WeeklyHours } from '@shopfront/core';
import { z } from 'zod';

export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

// The server's words (domain/bookings/booking-messages.ts), so the form and the server agree.
export const HOURS_MESSAGES = {
  wallTime: CALL_SETTINGS_MESSAGES.wallTime,
  periodOrder: 'Each open period needs a start time before its end time.',
  periodsOverlap: 'Open periods on one day must not overlap.',
  tooManyPeriods: `A day can have at most ${BOOKING_LIMITS.periodsPerDay} open periods.`,
} as const;

export const DEFAULT_PERIOD: OpenHours = { start: '09:00', end: '17:00' };

const START = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const END = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** A time input cannot say 24:00: an end of 00:00 is midnight at the end of the day. */
export const normaliseEnd = (end: string) => (end === '00:00' ? '24:00' : end);

const PeriodSchema = z.object({
  start: z.string().regex(START, { error: HOURS_MESSAGES.wallTime }),
  end: z.string().regex(END, { error: HOURS_MESSAGES.wallTime }),
});

/**
 * One day's periods as the server checks them (open-hours.ts): `HH:mm`, each start before its end,
 * no two overlapping (touching is fine), at most 12. Errors point at the period they are about.
 */
export const DayPeriodsSchema = z
  .array(PeriodSchema)
  .max(BOOKING_LIMITS.periodsPerDay, { error: HOURS_MESSAGES.tooManyPeriods })
  .superRefine((periods, context) => {
    const sorted = periods.map((period, index) => ({ start: period.start, end: normaliseEnd(period.end), index })).sort((a, b) => a.start.localeCompare(b.start));
    for (const [position, period] of sorted.entries()) {
      if (!START.test(period.start) || !END.test(period.end)) continue;
      if (period.start >= period.end) {
        context.addIssue({ code: 'custom', path: [period.index, 'end'], message: HOURS_MESSAGES.periodOrder });
        continue;
      }
      const previous = sorted[position - 1];
      if (previous && previous.start < previous.end && previous.end > period.start) context.addIssue({ code: 'custom', path: [period.index, 'start'], message: HOURS_MESSAGES.periodsOverlap });
    }
  });

const DaySchema = z.object({ open: z.boolean(), periods: z.array(PeriodSchema) }).superRefine((day, context) => {
  if (!day.open) return;
  const checked = DayPeriodsSchema.safeParse(day.periods);
  if (!checked.success) for (const issue of checked.error.issues) context.addIssue({ code: 'custom', path: ['periods', ...issue.path], message: issue.message });
});

export const HoursFormSchema = z.object({
  timeZone: z.string().min(1, { error: 'Choose a time zone from the list' }),
  days: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, DaySchema])) as Record<Weekday, typeof DaySchema>),
});
export type HoursFormValues = z.infer<typeof HoursFormSchema>;

export function hoursToForm(timeZone: string, weekly: WeeklyHours): HoursFormValues {
  const days = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const periods = weekly[day].map((period) => ({ start: period.start, end: period.end === '24:00' ? '00:00' : period.end }));
      return [day, { open: periods.length > 0, periods }];
    }),
  ) as HoursFormValues['days'];
  return { timeZone, days };
}

/** The weekly hours as setAvailability takes them: closed days empty, periods in order, midnight as 24:00. */
export function formToHours(values: HoursFormValues): { timeZone: string; weeklyHours: WeeklyHours } {
  const weeklyHours = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const { open, periods } = values.days[day];
      return [day, open ? periods.map((period) => ({ start: period.start, end: normaliseEnd(period.end) })).sort((a, b) => a.start.localeCompare(b.start)) : []];
    }),
  ) as WeeklyHours;
  return { timeZone: values.timeZone, weeklyHours };
}

import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { idPattern, ProductIdSchema, singleLine, StoreIdSchema } from '../schemas/text.ts';
import { TimeZoneSchema } from '../time-zone.ts';
import { defineFunction } from './define.ts';
import { BOOKING_LIMITS as L, CALL_SETTINGS_MESSAGES as M } from './booking-messages.ts';

export { BOOKING_LIMITS, CALL_SETTINGS_MESSAGES } from './booking-messages.ts';

/**
 * Coaching calls from the creator's side (docs/bookings.md): a `call` product's settings, the
 * store's availability (zone, weekly hours, date overrides, holidays — shared by every call
 * product), its bookings and the private calendar feed. Every function checks that the store is
 * the caller's; another store's product, booking or holiday answers exactly like a missing one.
 * The buyer's side is `member-bookings.ts`.
 */
const prefixedId = (prefix: string) =>
  z.string({ error: MESSAGES.generic.invalidArgument }).regex(idPattern(prefix), { error: MESSAGES.generic.invalidArgument });
export const BookingIdSchema = prefixedId('bkg');
export const HolidayIdSchema = prefixedId('hol');

export const CALL_LOCATION_KINDS = ['video-url', 'per-booking-link', 'phone', 'in-person'] as const;
export const BOOKING_STATUSES = ['held', 'confirmed', 'cancelled', 'no_show', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** What a buyer's cancellation within the change notice refunds: the whole order, nothing, or by `refundTiers`. */
export const REFUND_ON_CANCEL = ['full', 'none', 'tiered'] as const;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** The years a booking date or time may fall in (the database and the zone maths need real years). */
const YEARS = { min: '2000-01-01', max: '2199-12-31' } as const;
/** `YYYY-MM-DD` from 2000 to 2199; the server also checks it is a real date. */
export const DateOnlySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.date })
  .refine((value) => value >= YEARS.min && value <= YEARS.max, { error: M.date });
/** An instant with its offset, as the slot lists give them (`2026-12-01T08:00:00.000Z`), from 2000 to 2199. */
export const InstantSchema = z.iso.datetime({ offset: true, error: M.dateTime }).refine(
  (value) => {
    const at = Date.parse(value);
    return at >= Date.parse(`${YEARS.min}T00:00:00Z`) && at <= Date.parse(`${YEARS.max}T23:59:59Z`);
  },
  { error: M.dateTime },
);
/** `HH:mm` wall-clock time in the availability's zone, `24:00` only as an end. */
export const WallTimeSchema = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: M.wallTime });
export const OpenHoursSchema = z.object({ start: WallTimeSchema, end: WallTimeSchema }).strict();
export type OpenHours = z.infer<typeof OpenHoursSchema>;
const dayHours = z.array(OpenHoursSchema).max(L.periodsPerDay, { error: `A day can have at most ${L.periodsPerDay} open periods.` });
export const WeeklyHoursSchema = z.object({ mon: dayHours, tue: dayHours, wed: dayHours, thu: dayHours, fri: dayHours, sat: dayHours, sun: dayHours }).strict();
export type WeeklyHours = z.infer<typeof WeeklyHoursSchema>;

/** `value`: the https video link, phone number or address; null for a link made per booking. */
export const CallLocationSchema = z
  .object({
    kind: z.enum(CALL_LOCATION_KINDS),
    value: z.string().trim().check(singleLine).max(L.locationValueMax, { error: M.locationTooLong }).nullable(),
  })
  .strict();
export type CallLocation = z.infer<typeof CallLocationSchema>;

export const IntakeQuestionSchema = z
  .object({
    /** Absent for a new question: the server gives it one, kept while the question is. */
    id: z.string().regex(/^[a-z0-9_-]{1,40}$/, { error: MESSAGES.generic.invalidArgument }).optional(),
    label: z.string().trim().check(singleLine).min(1, { error: M.questionLabel }).max(L.questionLabelMax, { error: M.questionLabel }),
    kind: z.enum(['short-text', 'long-text']),
    required: z.boolean(),
  })
  .strict();
export const StoredIntakeQuestionSchema = z.object({ id: z.string(), label: z.string(), kind: z.enum(['short-text', 'long-text']), required: z.boolean() });
export type IntakeQuestion = z.infer<typeof StoredIntakeQuestionSchema>;

const int = (min: number, max: number, error: string) => z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

/**
 * A tiered refund: everything when the buyer cancels at least `fullHours` before the start,
 * `partialPercent` % of the payment from then until `noneHours` before, nothing after that.
 */
export const RefundTiersSchema = z
  .object({
    fullHours: int(1, L.changeNoticeHoursMax, M.refundFullHours),
    partialPercent: int(1, 99, M.refundPercent),
    noneHours: int(0, L.changeNoticeHoursMax, M.refundNoneHours),
  })
  .strict();
export type RefundTiers = z.infer<typeof RefundTiersSchema>;

/** What the creator edits; the price is the product's own. */
export const CallSettingsFieldsSchema = z
  .object({
    durationMinutes: int(L.durationMin, L.durationMax, M.duration),
    bufferBeforeMinutes: int(0, L.bufferMax, M.buffer),
    bufferAfterMinutes: int(0, L.bufferMax, M.buffer),
    minNoticeMinutes: int(0, L.minNoticeMax, M.minNotice),
    bookingWindowDays: int(L.windowDaysMin, L.windowDaysMax, M.window),
    /** Calls of this product starting on one day (the availability's zone); null: no limit. */
    dailyMax: int(L.dailyMaxMin, L.dailyMaxMax, M.dailyMax).nullable(),
    location: CallLocationSchema,
    intakeQuestions: z.array(IntakeQuestionSchema).max(L.questionsMax, { error: M.tooManyQuestions }),
    /** Calls one purchase buys; 2+ are booked one at a time from the members area within the validity. */
    packageSize: int(1, L.packageSizeMax, M.packageSize),
    packageValidityDays: int(L.packageValidityDaysMin, L.packageValidityDaysMax, M.packageValidity).nullable(),
    /** The buyer may cancel or reschedule until this many hours before the start. */
    changeNoticeHours: int(0, L.changeNoticeHoursMax, M.changeNotice),
    refundOnCancel: z.enum(REFUND_ON_CANCEL),
    /** Exactly with `refundOnCancel: 'tiered'` (null, or left out, otherwise). */
    refundTiers: RefundTiersSchema.nullable().default(null),
  })
  .strict();
export type CallSettingsFields = z.infer<typeof CallSettingsFieldsSchema>;

export const CallSettingsSchema = CallSettingsFieldsSchema.extend({
  productId: z.string(),
  intakeQuestions: z.array(StoredIntakeQuestionSchema),
  /** The product's price (read-only here) and currency. */
  priceCents: z.number().int(),
  currency: z.string(),
});
export type CallSettings = z.infer<typeof CallSettingsSchema>;

const product = { storeId: StoreIdSchema, productId: ProductIdSchema };

export const getCallSettings = defineFunction({ name: 'getCallSettings', access: 'creator', input: z.object(product).strict(), output: CallSettingsSchema });

/** Replaces the settings whole; bookings already made keep their times and buffers. */
export const updateCallSettings = defineFunction({
  name: 'updateCallSettings',
  access: 'creator',
  input: z.object({ ...product, settings: CallSettingsFieldsSchema }).strict(),
  output: CallSettingsSchema,
});

/** `configured`: false until saved once (then the zone is the store's and every day is closed). */
export const AvailabilitySchema = z.object({ timeZone: z.string(), weeklyHours: WeeklyHoursSchema, configured: z.boolean() });
export type Availability = z.infer<typeof AvailabilitySchema>;

export const getAvailability = defineFunction({ name: 'getAvailability', access: 'creator', input: z.object({ storeId: StoreIdSchema }).strict(), output: AvailabilitySchema });

/** The zone and weekly hours, replaced whole: `HH:mm` periods, start before end, no overlaps, ≤ 12 a day. */
export const setAvailability = defineFunction({
  name: 'setAvailability',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, timeZone: TimeZoneSchema, weeklyHours: WeeklyHoursSchema }).strict(),
  output: AvailabilitySchema,
});

/** One date's own hours; an empty list is a day off. */
export const AvailabilityOverrideSchema = z.object({ date: z.string(), hours: z.array(OpenHoursSchema) });
export type AvailabilityOverride = z.infer<typeof AvailabilityOverrideSchema>;
const overridesOutput = z.object({ overrides: z.array(AvailabilityOverrideSchema) });

/** Overrides on or after `from` (default: today in the availability's zone), in date order. */
export const listAvailabilityOverrides = defineFunction({
  name: 'listAvailabilityOverrides',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, from: DateOnlySchema.optional() }).strict(),
  output: overridesOutput,
});

/** Sets (or replaces) one date's hours; answers the upcoming overrides. */
export const setAvailabilityOverride = defineFunction({
  name: 'setAvailabilityOverride',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, date: DateOnlySchema, hours: dayHours }).strict(),
  output: overridesOutput,
});

/** The date uses the weekly hours again; a date without an override answers 404. */
export const deleteAvailabilityOverride = defineFunction({
  name: 'deleteAvailabilityOverride',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, date: DateOnlySchema }).strict(),
  output: overridesOutput,
});

export const HolidaySchema = z.object({ id: z.string(), name: z.string(), startsOn: z.string(), endsOn: z.string() });
export type Holiday = z.infer<typeof HolidaySchema>;

/** Every holiday ending today or later (the availability's zone), in date order. */
export const listHolidays = defineFunction({
  name: 'listHolidays',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: z.object({ holidays: z.array(HolidaySchema) }),
});

/** A named closed range, both ends included, 1–366 days. */
export const addHoliday = defineFunction({
  name: 'addHoliday',
  access: 'creator',
  input: z
    .object({
      storeId: StoreIdSchema,
      name: z.string().trim().check(singleLine).min(1, { error: `Give the holiday a name of at most ${L.holidayNameMax} characters.` }).max(L.holidayNameMax, { error: `Give the holiday a name of at most ${L.holidayNameMax} characters.` }),
      startsOn: DateOnlySchema,
      endsOn: DateOnlySchema,
    })
    .strict(),
  output: HolidaySchema,
});

export const deleteHoliday = defineFunction({
  name: 'deleteHoliday',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, holidayId: HolidayIdSchema }).strict(),
  output: z.object({ deleted: z.literal(true) }),
});

/** A calendar the creator imports busy times from (docs/bookings.md "Busy times from your calendar"). */
export const CALENDAR_URL_MESSAGE = 'Enter the calendar’s address: an https:// link to an iCalendar (.ics) feed.';
export const CalendarSourceIdSchema = prefixedId('cal');
/** `lastError`: why the last read failed (the busy times of the last good read stay); null after a good read. */
export const CalendarSourceSchema = z.object({
  id: z.string(),
  url: z.string(),
  lastFetchedAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  busyCount: z.number().int(),
  createdAt: z.string(),
});
export type CalendarSource = z.infer<typeof CalendarSourceSchema>;
const calendarSourcesOutput = z.object({ sources: z.array(CalendarSourceSchema) });

export const listCalendarSources = defineFunction({ name: 'listCalendarSources', access: 'creator', input: z.object({ storeId: StoreIdSchema }).strict(), output: calendarSourcesOutput });

/** An https iCalendar URL (webcal:// is read as https); read within minutes and every 5 minutes after. Answers the store's calendars. */
export const addCalendarSource = defineFunction({
  name: 'addCalendarSource',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, url: z.string({ error: CALENDAR_URL_MESSAGE }).trim().min(1, { error: CALENDAR_URL_MESSAGE }).max(2000, { error: CALENDAR_URL_MESSAGE }) }).strict(),
  output: calendarSourcesOutput,
});

/** Stops importing and forgets its busy times; answers the store's calendars. */
export const removeCalendarSource = defineFunction({
  name: 'removeCalendarSource',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, sourceId: CalendarSourceIdSchema }).strict(),
  output: calendarSourcesOutput,
});

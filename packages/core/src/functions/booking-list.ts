import { z } from 'zod';
import { COMMERCE_MESSAGES } from '../schemas/commerce.ts';
import { ProductIdSchema, StoreIdSchema } from '../schemas/text.ts';
import { TimeZoneSchema } from '../time-zone.ts';
import { defineFunction } from './define.ts';
import { BOOKING_LIMITS as L, CALL_SETTINGS_MESSAGES as M } from './booking-messages.ts';
import { BOOKING_STATUSES, BookingIdSchema, CallLocationSchema, InstantSchema } from './bookings.ts';
import { SlotDaySchema } from './member-bookings.ts';

/**
 * A store's bookings from the creator's side (docs/bookings.md "Functions"): the list and its CSV,
 * cancel (with a refund per the product's policy), reschedule, no-show, and the private calendar
 * feed. Another store's booking answers exactly like a missing one.
 */

export const BookingAnswerSchema = z.object({ questionId: z.string(), label: z.string(), answer: z.string() });

/** A booking as the creator sees it; times are instants, `timeZone` of the list says the store's zone. */
export const CreatorBookingSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  status: z.enum(BOOKING_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  buyerTimeZone: z.string(),
  /** The intake answers with the question's label as it is now (a removed question keeps its id as label). */
  answers: z.array(BookingAnswerSchema),
  /** The call's location; for a link made per booking, this booking's link (null until made). */
  location: CallLocationSchema,
  orderId: z.string().nullable(),
  /** The order's amount and what was refunded of it (null without an order). */
  amountCents: z.number().int().nullable(),
  refundedCents: z.number().int().nullable(),
  currency: z.string(),
  testMode: z.boolean(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(['buyer', 'creator']).nullable(),
  createdAt: z.string(),
});
export type CreatorBooking = z.infer<typeof CreatorBookingSchema>;

const bookingFilters = {
  storeId: StoreIdSchema,
  /** `upcoming`: ending now or later, soonest first; `past`: ended, latest first. */
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  productId: ProductIdSchema.optional(),
  /** Absent: confirmed, cancelled and no-show (never unpaid holds). */
  status: z.enum(BOOKING_STATUSES).optional(),
  /** Starts in [from, to). */
  from: InstantSchema.optional(),
  to: InstantSchema.optional(),
};

export const listBookings = defineFunction({
  name: 'listBookings',
  access: 'creator',
  input: z.object({ ...bookingFilters, page: z.number().int().min(1).max(100_000).default(1) }).strict(),
  output: z.object({
    bookings: z.array(CreatorBookingSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** The availability's zone (the store's when not set yet): the dashboard shows times in it. */
    timeZone: z.string(),
  }),
});

/** The same filters as a CSV (times in the store zone and UTC, answers as columns), at most BOOKING_LIMITS.exportRowsMax rows. */
export const exportBookingsCsv = defineFunction({
  name: 'exportBookingsCsv',
  access: 'creator',
  input: z.object(bookingFilters).strict(),
  output: z.object({ filename: z.string(), csv: z.string(), rows: z.number().int(), truncated: z.boolean() }),
});

const oneBooking = { storeId: StoreIdSchema, bookingId: BookingIdSchema };
const changed = z.object({ booking: CreatorBookingSchema, refundedCents: z.number().int() });

/**
 * Cancels a confirmed booking at any time; its time is free at once. `refund` (default true)
 * refunds what remains of its order (or `refundCents` of it) through the order's refund path; `refundedCents` says what
 * this call refunded (0 for a free call, a package's other calls, or `refund: false`).
 */
export const cancelCallBooking = defineFunction({
  name: 'cancelCallBooking',
  access: 'creator',
  input: z
    .object({
      ...oneBooking,
      refund: z.boolean().default(true),
      /** With `refund`: this much (minor units, at most what the order still holds) instead of all that remains. */
      refundCents: z
        .number({ error: COMMERCE_MESSAGES.amountWhole })
        .int({ error: COMMERCE_MESSAGES.amountWhole })
        .min(1, { error: COMMERCE_MESSAGES.refundAmountTooLow })
        .max(99_999_999, { error: COMMERCE_MESSAGES.refundAmountTooHigh })
        .optional(),
    })
    .strict(),
  output: changed,
});

/** Moves a confirmed booking to another time the product offers (same booking, same calendar event). */
export const rescheduleCallBooking = defineFunction({
  name: 'rescheduleCallBooking',
  access: 'creator',
  input: z.object({ ...oneBooking, startsAt: InstantSchema }).strict(),
  output: CreatorBookingSchema,
});

/**
 * The product's open starts for the creator (the dashboard's reschedule dialog): what a buyer
 * would be offered, even while the call is unpublished or the store offline. With `bookingId`
 * (a booking of this product) that booking's own time counts as free, as a reschedule treats it.
 */
export const getCallOpenSlots = defineFunction({
  name: 'getCallOpenSlots',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema, timeZone: TimeZoneSchema, from: InstantSchema, to: InstantSchema, bookingId: BookingIdSchema.optional() }).strict(),
  output: z.object({ days: z.array(SlotDaySchema), timeZone: z.string(), durationMinutes: z.number().int() }),
});

/** What a creator is told when a booking's meeting link is refused (kept here, beside its function). */
export const MEETING_LINK_MESSAGES = Object.freeze({
  url: 'The meeting link must be an https:// address.',
  notPerBooking: 'Only a call with a link made per booking takes its own link.',
  closed: 'Only a confirmed call that has not ended takes a link.',
});

/** An https URL of at most BOOKING_LIMITS.locationValueMax characters: a booking's own meeting link. */
export const MeetingLinkSchema = z
  .string()
  .trim()
  .max(L.locationValueMax, { error: M.locationTooLong })
  .refine((value) => /^https:\/\/[^/\s]/i.test(value), { error: MEETING_LINK_MESSAGES.url });

/**
 * Sets (or changes) the meeting link of a confirmed, not yet ended booking of a call whose location
 * is a link made per booking. The buyer gets an updated invite (same UID, SEQUENCE raised, the link
 * as LOCATION); the members area shows the link from BOOKING_LIMITS.joinLinkMinutesBefore minutes
 * before the start. Another store's booking answers like a missing one.
 */
export const setBookingMeetingLink = defineFunction({
  name: 'setBookingMeetingLink',
  access: 'creator',
  input: z.object({ ...oneBooking, url: MeetingLinkSchema }).strict(),
  output: CreatorBookingSchema,
});

/** A confirmed call the buyer missed, once it has started. */
export const markBookingNoShow = defineFunction({ name: 'markBookingNoShow', access: 'creator', input: z.object(oneBooking).strict(), output: CreatorBookingSchema });

export const BookingFeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });

export const getBookingFeedStatus = defineFunction({
  name: 'getBookingFeedStatus',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: BookingFeedStatusSchema,
});

/**
 * A new private feed URL (`…/api/bookings/feed/<token>.ics`), shown this once; any earlier URL
 * stops working at once.
 */
export const createBookingFeedUrl = defineFunction({
  name: 'createBookingFeedUrl',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: z.object({ url: z.string(), createdAt: z.string() }),
});

/** Every feed URL made so far answers 404 from now on. */
export const revokeBookingFeedUrl = defineFunction({
  name: 'revokeBookingFeedUrl',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: BookingFeedStatusSchema,
});

export const BOOKINGS_PAGE_SIZE = L.bookingsPageSize;

import { z } from 'zod';
import { OrderIdSchema, ProductIdSchema, StoreIdSchema } from '../schemas/text.ts';
import { TimeZoneSchema } from '../time-zone.ts';
import { defineFunction } from './define.ts';
import { BOOKING_LIMITS as L, CALL_SETTINGS_MESSAGES as M } from './booking-messages.ts';
import { BOOKING_STATUSES, BookingIdSchema, CALL_LOCATION_KINDS, InstantSchema, REFUND_ON_CANCEL, RefundTiersSchema, StoredIntakeQuestionSchema } from './bookings.ts';

/**
 * Coaching calls from the buyer's side (docs/bookings.md "Buyer functions"): the open times of a
 * published call of an online store (public), and the signed-in store customer's bookings in the
 * members area: reschedule or cancel within the product's policy, book the next call of a package.
 * Another customer's or store's booking or order answers like a missing one.
 */

/** The answers to a call's intake questions, by question id. */
export const BookingAnswersSchema = z
  .record(z.string().max(40), z.string().max(L.answerMax, { error: M.answerTooLong }))
  .refine((answers) => Object.keys(answers).length <= L.questionsMax, { error: M.tooManyQuestions });

/** What `createCheckout` takes for a call product: the start picked, the buyer's zone, the answers. */
export const CheckoutBookingSchema = z.object({ start: InstantSchema, timeZone: TimeZoneSchema, answers: BookingAnswersSchema.default({}) }).strict();
export type CheckoutBooking = z.input<typeof CheckoutBookingSchema>;

export const ZonedSlotSchema = z.object({
  startsAt: z.string(),
  /** `HH:mm` in the asked zone; on a fall-back night two slots can share it, told apart by `offset`. */
  time: z.string(),
  offset: z.string(),
});
export const SlotDaySchema = z.object({ date: z.string(), slots: z.array(ZonedSlotSchema) });
export type SlotDay = z.infer<typeof SlotDaySchema>;

/**
 * The call's open start times in [from, to) (at most 42 days), grouped by local date in `timeZone`
 * (the buyer's), with what the booking page needs. A product that is not a published call of an
 * online store answers 404.
 */
export const getOpenSlots = defineFunction({
  name: 'getOpenSlots',
  access: 'public',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema, timeZone: TimeZoneSchema, from: InstantSchema, to: InstantSchema }).strict(),
  output: z.object({
    days: z.array(SlotDaySchema),
    timeZone: z.string(),
    durationMinutes: z.number().int(),
    locationKind: z.enum(CALL_LOCATION_KINDS),
    intakeQuestions: z.array(StoredIntakeQuestionSchema),
    packageSize: z.number().int(),
  }),
});

/**
 * A paid call's booking as its thank-you page shows it: the time (shown in `timeZone`, the
 * buyer's) and where. `locationValue` is the phone number or address; a video link is never on
 * the page (the confirmation email and, from shortly before the start, the members area have it).
 */
export const ThankYouBookingSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  locationKind: z.enum(CALL_LOCATION_KINDS),
  locationValue: z.string().nullable(),
});
export type ThankYouBooking = z.infer<typeof ThankYouBookingSchema>;

export const MyBookingSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  status: z.enum(BOOKING_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The zone the buyer booked in. */
  timeZone: z.string(),
  locationKind: z.enum(CALL_LOCATION_KINDS),
  /**
   * The phone number or address; a video link only from BOOKING_LIMITS.joinLinkMinutesBefore
   * minutes before the start until the end (null before, and for a per-booking link not made yet).
   */
  locationValue: z.string().nullable(),
  joinOpensAt: z.string(),
  /** Until when the buyer may reschedule or cancel (null: not any more / not confirmed). */
  changeableUntil: z.string().nullable(),
  refundOnCancel: z.enum(REFUND_ON_CANCEL),
  refundTiers: RefundTiersSchema.nullable(),
  /**
   * What cancelling now refunds under the product's policy, of the payment, while the buyer may
   * still cancel a paid call that is not one of a package; null otherwise.
   */
  cancelRefund: z.object({ amountCents: z.number().int(), paidCents: z.number().int(), currency: z.string() }).nullable(),
  orderId: z.string().nullable(),
});
export type MyBooking = z.infer<typeof MyBookingSchema>;

/** A package bought with calls still to book, until its validity ends. */
export const MyCallPackageSchema = z.object({
  orderId: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  sessionsLeft: z.number().int(),
  packageSize: z.number().int(),
  validUntil: z.string(),
});
export type MyCallPackage = z.infer<typeof MyCallPackageSchema>;

/** The customer's bookings in this store (confirmed first by start, then the rest latest first) and open packages. */
export const listMyBookings = defineFunction({
  name: 'listMyBookings',
  access: 'customer',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: z.object({ bookings: z.array(MyBookingSchema), packages: z.array(MyCallPackageSchema) }),
});

const myBooking = { storeId: StoreIdSchema, bookingId: BookingIdSchema };

/** Until the product's change notice before the current start; the new time must be offered. */
export const rescheduleMyBooking = defineFunction({
  name: 'rescheduleMyBooking',
  access: 'customer',
  input: z.object({ ...myBooking, startsAt: InstantSchema }).strict(),
  output: MyBookingSchema,
});

/** Until the change notice; refunds the order when the product's policy says `full` (not for a package's calls). */
export const cancelMyBooking = defineFunction({
  name: 'cancelMyBooking',
  access: 'customer',
  input: z.object(myBooking).strict(),
  output: z.object({ booking: MyBookingSchema, refundedCents: z.number().int() }),
});

/** Books one more call of a package the customer bought (no payment: the order paid for it). */
export const bookMyPackageSession = defineFunction({
  name: 'bookMyPackageSession',
  access: 'customer',
  input: z.object({ storeId: StoreIdSchema, orderId: OrderIdSchema, booking: CheckoutBookingSchema }).strict(),
  output: MyBookingSchema,
});

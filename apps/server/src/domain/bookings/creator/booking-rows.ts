// Exports findBookings and creatorBookingView: a store's bookings with their product, call and order, as the dashboard lists them.
import type { CreatorBooking } from '@shopfront/core';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { bookings, callSettings, orders, products, type BookingRow, type BookingStatus, type CallLocationKind, type IntakeQuestion } from '#src/db/schema/index.ts';
import { callLocationValue } from '../meeting-link.ts';

export interface BookingFilter {
  storeId: string;
  when: 'upcoming' | 'past';
  productId?: string | undefined;
  status?: BookingStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  now: Date;
}

/** What the dashboard lists unless a status is asked: never unpaid holds nor expired ones. */
const LISTED: BookingStatus[] = ['confirmed', 'cancelled', 'no_show'];

function where(filter: BookingFilter): SQL | undefined {
  return and(
    eq(bookings.storeId, filter.storeId),
    filter.status ? eq(bookings.status, filter.status) : inArray(bookings.status, LISTED),
    filter.when === 'upcoming' ? gte(bookings.endsAt, filter.now) : lt(bookings.endsAt, filter.now),
    filter.productId ? eq(bookings.productId, filter.productId) : undefined,
    filter.from ? gte(bookings.startsAt, new Date(filter.from)) : undefined,
    filter.to ? lt(bookings.startsAt, new Date(filter.to)) : undefined,
  );
}

const columns = {
  booking: bookings,
  productTitle: products.title,
  currency: products.currency,
  locationKind: callSettings.locationKind,
  locationValue: callSettings.locationValue,
  questions: callSettings.intakeQuestions,
  amountCents: orders.amountCents,
  refundedCents: orders.refundedCents,
};

interface Found {
  booking: BookingRow;
  productTitle: string;
  currency: string;
  locationKind: CallLocationKind;
  locationValue: string | null;
  questions: IntakeQuestion[];
  amountCents: number | null;
  refundedCents: number | null;
}

/** One page of the filtered bookings (upcoming soonest first, past latest first) and how many matched. */
export async function findBookings(db: Executor, filter: BookingFilter, page: { offset: number; limit: number }): Promise<{ rows: CreatorBooking[]; total: number }> {
  const condition = where(filter);
  const order = filter.when === 'upcoming' ? [asc(bookings.startsAt), asc(bookings.id)] : [desc(bookings.startsAt), desc(bookings.id)];
  const rows = await db
    .select(columns)
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(callSettings, eq(callSettings.productId, bookings.productId))
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .where(condition)
    .orderBy(...order)
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(bookings).where(condition);
  return { rows: rows.map(creatorBookingView), total: total?.n ?? 0 };
}

/** One booking of the store as the dashboard shows it, or null (another store's answers the same). */
export async function findBooking(db: Executor, options: { storeId: string; bookingId: string }): Promise<CreatorBooking | null> {
  const [row] = await db
    .select(columns)
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(callSettings, eq(callSettings.productId, bookings.productId))
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .where(and(eq(bookings.id, options.bookingId), eq(bookings.storeId, options.storeId)));
  return row ? creatorBookingView(row) : null;
}

export function creatorBookingView(row: Found): CreatorBooking {
  const { booking } = row;
  return {
    id: booking.id,
    productId: booking.productId,
    productTitle: row.productTitle,
    status: booking.status,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    buyerName: booking.buyerName,
    buyerEmail: booking.buyerEmail,
    buyerTimeZone: booking.buyerTimeZone,
    answers: labelledAnswers(booking.answers, row.questions),
    location: { kind: row.locationKind, value: callLocationValue(row, booking) },
    orderId: booking.orderId,
    amountCents: row.amountCents,
    refundedCents: row.refundedCents,
    currency: row.currency,
    testMode: booking.testMode,
    cancelledAt: booking.cancelledAt?.toISOString() ?? null,
    cancelledBy: booking.cancelledBy,
    createdAt: booking.createdAt.toISOString(),
  };
}

/** The answers in the questions' order, labelled as the questions read now; answers to removed questions last, labelled by id. */
export function labelledAnswers(answers: Record<string, string>, questions: IntakeQuestion[]): CreatorBooking['answers'] {
  const known = questions.filter((question) => answers[question.id] !== undefined).map((question) => ({ questionId: question.id, label: question.label, answer: answers[question.id]! }));
  const ids = new Set(questions.map((question) => question.id));
  const rest = Object.entries(answers)
    .filter(([id]) => !ids.has(id))
    .map(([id, answer]) => ({ questionId: id, label: id, answer }));
  return [...known, ...rest];
}

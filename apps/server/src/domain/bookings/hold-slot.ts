// Exports holdSlot: a buyer's chosen time held for the length of their checkout.
import { AppError, BOOKING_LIMITS, isValidTimeZone, TIME_ZONE_MESSAGE } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { isExclusionViolation } from '#src/db/errors.ts';
import { newId } from '#src/db/ids.ts';
import { bookings, type BookingRow, type IntakeQuestion } from '#src/db/schema/index.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { availableSlots } from './available-slots.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { loadBusyTimes, loadSlotRules } from './booking-reads.ts';
import { RELEASE_BOOKING_HOLD_KIND, releaseExpiredHolds } from './release-holds.ts';

export interface HoldSlotInput {
  storeId: string;
  productId: string;
  startsAt: Date;
  buyerEmail: string;
  buyerName?: string | undefined;
  buyerTimeZone: string;
  answers?: Record<string, string> | undefined;
  /** The checkout paying for it; its expiry is the hold's. */
  checkoutId?: string | null | undefined;
  holdExpiresAt: Date;
  testMode?: boolean | undefined;
  now: Date;
}

/** The constraint that keeps one store's held and confirmed time from overlapping (migration 0036). */
export const NO_OVERLAP = 'bookings_no_overlap';

/**
 * Holds `startsAt` for the buyer until `holdExpiresAt`: refused unless the product offers that
 * exact start now (hours, notice, window, daily maximum, busy time). Whatever any other request
 * does at the same moment, PostgreSQL's exclusion constraint lets only one held or confirmed
 * booking of the store cover a moment; the loser is told the time was just booked. A job releases
 * the hold when it expires. Inside a caller's transaction (a checkout) it runs in a savepoint.
 */
export async function holdSlot(db: Executor, input: HoldSlotInput): Promise<BookingRow> {
  if (!isValidTimeZone(input.buyerTimeZone)) throw new AppError('invalid-argument', TIME_ZONE_MESSAGE);
  try {
    return await db.transaction(async (tx) => {
      const { settings, availability } = await loadSlotRules(tx, { storeId: input.storeId, productId: input.productId, from: input.startsAt, to: input.startsAt, lock: true });
      const answers = checkAnswers(settings.intakeQuestions, input.answers ?? {});
      await releaseExpiredHolds(tx, { storeId: input.storeId, now: input.now });
      const busy = await loadBusyTimes(tx, { storeId: input.storeId, from: input.startsAt, to: input.startsAt, now: input.now });
      const [slot] = availableSlots(settings, availability, busy, input.startsAt, new Date(input.startsAt.getTime() + 1), input.now);
      if (!slot || slot.startsAt.getTime() !== input.startsAt.getTime()) throw new AppError('failed-precondition', BOOKING_MESSAGES.slotNotOffered);
      const [row] = await tx
        .insert(bookings)
        .values({
          id: newId('bkg'),
          storeId: input.storeId,
          productId: input.productId,
          buyerEmail: input.buyerEmail,
          buyerName: input.buyerName ?? '',
          buyerTimeZone: input.buyerTimeZone,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          blockedFrom: new Date(slot.startsAt.getTime() - settings.bufferBeforeMinutes * 60_000),
          blockedUntil: new Date(slot.endsAt.getTime() + settings.bufferAfterMinutes * 60_000),
          status: 'held',
          holdExpiresAt: input.holdExpiresAt,
          checkoutId: input.checkoutId ?? null,
          answers,
          testMode: input.testMode ?? false,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      if (!row) throw new Error('booking insert returned no row');
      await enqueueJob(tx, RELEASE_BOOKING_HOLD_KIND, { bookingId: row.id }, { runAt: input.holdExpiresAt, idempotencyKey: row.id });
      return row;
    });
  } catch (error) {
    if (isExclusionViolation(error, NO_OVERLAP)) throw new AppError('already-exists', BOOKING_MESSAGES.slotTaken);
    throw error;
  }
}

/** The answers to the product's questions only, each required one present, none too long. */
function checkAnswers(questions: IntakeQuestion[], given: Record<string, string>): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const question of questions) {
    const answer = (given[question.id] ?? '').trim();
    if (question.required && answer === '') throw new AppError('invalid-argument', BOOKING_MESSAGES.answerRequired(question.label));
    if (answer.length > BOOKING_LIMITS.answerMax) throw new AppError('invalid-argument', BOOKING_MESSAGES.answerTooLong);
    if (answer !== '') answers[question.id] = answer;
  }
  return answers;
}

import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { automationsOnMembershipEvent } from '#src/domain/automations/membership-triggers.ts';
import { enrolMembershipCourses } from '#src/domain/courses/enrolment/membership-courses.ts';
import { memberships, processedMembershipEvents, type MembershipRow } from '#src/db/schema/index.ts';
import { applyMembershipEvent, type MembershipEvent } from './apply-membership-event.ts';
import { notifyTierRoomChanged } from './notify-tier-room.ts';
import { queueMembershipNotices } from './self-service/queue-membership-notices.ts';

export type MembershipEventOutcome = 'applied' | 'replay' | 'stale' | 'ignored';

/**
 * Applies one verified provider event (a Stripe webhook on the connected account, or the test
 * provider's clock) in one transaction: the event id is recorded first (a replay, or a second
 * delivery racing this one, stops there), the membership row is locked, and
 * applyMembershipEvent decides. An applied event queues the member's notices in the same
 * transaction (self-service/queue-membership-notices.ts), and one that frees or takes a place in
 * a limited tier refreshes the cached storefront (notify-tier-room.ts), and one that gives access
 * enrols the member in the tier's courses (membership-courses.ts). Answers the outcome and the membership
 * as it now is.
 */
export async function recordMembershipEvent(
  db: Executor,
  event: MembershipEvent,
  now: Date,
): Promise<{ outcome: MembershipEventOutcome; membership: MembershipRow | null }> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(processedMembershipEvents)
      .values({ provider: event.provider, eventId: event.eventId, type: event.type, providerSubscriptionId: event.providerSubscriptionId, processedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: processedMembershipEvents.eventId });
    const where = and(eq(memberships.provider, event.provider), eq(memberships.providerSubscriptionId, event.providerSubscriptionId));
    const [current] = await tx.select().from(memberships).where(where).for('update');
    if (recorded.length === 0) return { outcome: 'replay', membership: current ?? null };

    const result = applyMembershipEvent(current ?? null, event);
    if (result.outcome !== 'applied') return { outcome: result.outcome, membership: current ?? null };
    if (current) {
      const [row] = await tx.update(memberships).set({ ...result.state, updatedAt: now }).where(eq(memberships.id, current.id)).returning();
      if (row) {
        await queueMembershipNotices(tx, event, row);
        await notifyTierRoomChanged(tx, current, row);
        await automationsOnMembershipEvent(tx, event, current, row, now);
        await enrolMembershipCourses(tx, row, now);
      }
      return { outcome: 'applied', membership: row ?? null };
    }
    const [row] = await tx
      .insert(memberships)
      .values({ id: newId('mbr'), ...result.state, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    // A `created` for the same subscription under another event id won the race: it is the row.
    if (!row) return { outcome: 'ignored', membership: null };
    await queueMembershipNotices(tx, event, row);
    await automationsOnMembershipEvent(tx, event, null, row, now);
    await enrolMembershipCourses(tx, row, now);
    return { outcome: 'applied', membership: row };
  });
}

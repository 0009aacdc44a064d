// Exports notifyTierRoomChanged: a member leaving or moving changes which limited tiers are full on the storefront.
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipTiers, type MembershipRow } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';

/**
 * A membership's product page is cached until the store changes and says "Full" at a tier's
 * member limit (load-storefront-tiers.ts). A member ending frees a place, and a tier change frees
 * one and takes another: when a tier involved has a limit, the page is told to render again (on
 * commit). Joining does the same in start-test-membership.ts.
 */
export async function notifyTierRoomChanged(db: Executor, before: MembershipRow, after: MembershipRow): Promise<void> {
  const ended = after.status === 'ended' && before.status !== 'ended';
  const moved = after.tierId !== before.tierId;
  if (!ended && !moved) return;
  const tierIds = [...new Set([before.tierId, after.tierId])];
  const limited = await db
    .select({ id: membershipTiers.id })
    .from(membershipTiers)
    .where(and(inArray(membershipTiers.id, tierIds), isNotNull(membershipTiers.memberLimit)))
    .limit(1);
  if (limited.length > 0) await notifyStorefrontChanged(db, after.storeId);
}

import { AFFILIATE_MESSAGES, AppError, type AffiliateAction, type AffiliateStatus } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { affiliates } from '#src/db/schema/index.ts';
import { getStoreAffiliate } from './get-store-affiliate.ts';

/** What each action needs and gives; remove applies to every status but removed, for good. */
const TRANSITIONS: Record<AffiliateAction, { from: readonly AffiliateStatus[]; to: AffiliateStatus }> = {
  approve: { from: ['pending'], to: 'active' },
  pause: { from: ['active'], to: 'paused' },
  resume: { from: ['paused'], to: 'active' },
  remove: { from: ['pending', 'active', 'paused'], to: 'removed' },
};

/** Approve, pause, resume or remove an affiliate of the store; any other change is refused and changes nothing. */
export async function changeAffiliateStatus(db: Database, options: { storeId: string; affiliateId: string; action: AffiliateAction; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const affiliate = await getStoreAffiliate(tx, { storeId: options.storeId, affiliateId: options.affiliateId, lock: true });
    const transition = TRANSITIONS[options.action];
    if (!transition.from.includes(affiliate.status)) throw new AppError('failed-precondition', AFFILIATE_MESSAGES.actionNotAllowed);
    await tx
      .update(affiliates)
      .set({ status: transition.to, updatedAt: options.now, ...(options.action === 'approve' ? { approvedAt: options.now } : {}) })
      .where(eq(affiliates.id, affiliate.id));
  });
}

import { AppError, type CardFormInput } from '@shopfront/core';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { memberships } from '#src/db/schema/index.ts';
import type { TestAuthentication } from '#src/domain/checkout/classify-test-card.ts';
import { attachTestCard, type TestCardAttachment } from './attach-test-card.ts';
import { MEMBERSHIP_MESSAGES as M } from './membership-messages.ts';

export type TestCardReplacement = { kind: 'replaced' } | Exclude<TestCardAttachment, { kind: 'attached' }>;

/**
 * The test provider's "change card" for a live test membership of the store (another store's
 * membership answers like a missing one). The next scheduled charge or retry uses the new card;
 * like Stripe, saving a card does not charge by itself.
 */
export async function replaceTestMembershipCard(
  deps: { db: Database; now: Date },
  input: { storeId: string; membershipId: string; card: CardFormInput; authentication?: TestAuthentication },
): Promise<TestCardReplacement> {
  const where = and(eq(memberships.id, input.membershipId), eq(memberships.storeId, input.storeId), eq(memberships.provider, 'test'), ne(memberships.status, 'ended'));
  const [membership] = await deps.db.select({ id: memberships.id }).from(memberships).where(where);
  if (!membership) throw new AppError('not-found', M.membershipNotFound);
  const attachment = attachTestCard(input.card, deps.now, input.authentication);
  if (attachment.kind !== 'attached') return attachment;
  const updated = await deps.db.update(memberships).set({ testCard: attachment.card, updatedAt: deps.now }).where(where).returning({ id: memberships.id });
  if (updated.length === 0) throw new AppError('not-found', M.membershipNotFound);
  return { kind: 'replaced' };
}

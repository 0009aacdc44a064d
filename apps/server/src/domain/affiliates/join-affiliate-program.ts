import { AFFILIATE_MESSAGES, AppError, ID_PREFIXES } from '@shopfront/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Transaction } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { affiliateInvites, affiliates, customers } from '#src/db/schema/index.ts';
import { newAffiliateCode } from './new-affiliate-code.ts';
import { readAffiliateProgram } from './read-program.ts';

/** Codes are 8 of 32 characters (2^40): a collision is rare, several in a row mean something else is wrong. */
const CODE_ATTEMPTS = 8;

/**
 * A members-area customer joins the store's program: active at once when anyone may join or their
 * email was invited (the invite is then accepted), else pending the creator's approval. Joining
 * again answers the same account (also when two requests race); a removed affiliate cannot rejoin.
 * `newCode` (random codes by default) lets a test make codes collide.
 */
export async function joinAffiliateProgram(
  db: Database,
  options: { storeId: string; customerId: string; now: Date; newCode?: () => string },
): Promise<void> {
  const { storeId, customerId, now, newCode = newAffiliateCode } = options;
  const program = await readAffiliateProgram(db, storeId);
  if (!program.enabled) throw new AppError('failed-precondition', AFFILIATE_MESSAGES.programClosed);
  await db.transaction(async (tx) => {
    if (await alreadyJoined(tx, storeId, customerId)) return;
    const [customer] = await tx.select({ email: customers.email }).from(customers).where(and(eq(customers.id, customerId), eq(customers.storeId, storeId)));
    if (!customer) throw new AppError('unauthenticated');
    const [invite] = await tx
      .select()
      .from(affiliateInvites)
      .where(and(eq(affiliateInvites.storeId, storeId), eq(affiliateInvites.email, customer.email)))
      .for('update');
    const active = program.joinMode === 'open' || invite !== undefined;
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const [row] = await tx
        .insert(affiliates)
        .values({
          id: newId(ID_PREFIXES.affiliate),
          storeId,
          customerId,
          code: newCode(),
          status: active ? 'active' : 'pending',
          invited: invite !== undefined,
          approvedAt: active ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: affiliates.id });
      if (row) {
        if (invite) await tx.update(affiliateInvites).set({ acceptedAt: now }).where(and(eq(affiliateInvites.id, invite.id), isNull(affiliateInvites.acceptedAt)));
        return;
      }
      // Either a parallel request joined first (answer its account) or the code was taken (try another).
      if (await alreadyJoined(tx, storeId, customerId)) return;
    }
    throw new Error('no free affiliate code after several attempts');
  });
}

/** True when the customer already has an account here; a removed one is refused. */
async function alreadyJoined(tx: Transaction, storeId: string, customerId: string): Promise<boolean> {
  const [existing] = await tx
    .select({ status: affiliates.status })
    .from(affiliates)
    .where(and(eq(affiliates.storeId, storeId), eq(affiliates.customerId, customerId)))
    .limit(1);
  if (existing?.status === 'removed') throw new AppError('failed-precondition', AFFILIATE_MESSAGES.removedAffiliate);
  return existing !== undefined;
}

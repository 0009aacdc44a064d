import { AFFILIATE_MESSAGES, AppError, ID_PREFIXES, membersUrl, type AffiliateInvite } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { affiliateInvites, type StoreRow } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { affiliateInviteEmail } from '#src/providers/email/templates/affiliate-invite.ts';
import { toAffiliateInvite } from './find-affiliate-invites.ts';
import { readAffiliateProgram } from './read-program.ts';

/**
 * Invites a (canonical) email address to join as an affiliate, and queues the invitation with the
 * invite, in one transaction. An address already invited to this store is refused.
 */
export async function createAffiliateInvite(
  db: Database,
  options: { store: Pick<StoreRow, 'id' | 'name' | 'slug'>; email: string; env: Pick<Env, 'publicUrl'>; now: Date },
): Promise<AffiliateInvite> {
  const { store } = options;
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .insert(affiliateInvites)
      .values({ id: newId(ID_PREFIXES.affiliateInvite), storeId: store.id, email: options.email, createdAt: options.now })
      .onConflictDoNothing({ target: [affiliateInvites.storeId, affiliateInvites.email] })
      .returning();
    if (!invite) throw new AppError('already-exists', AFFILIATE_MESSAGES.alreadyInvited);
    const program = await readAffiliateProgram(tx, store.id);
    const rendered = affiliateInviteEmail({
      productName: store.name,
      commissionPercent: program.commissionPercent,
      programOpen: program.enabled,
      joinUrl: `${membersUrl(store, { origin: options.env.publicUrl })}/affiliate`,
    });
    await enqueueEmail(tx, { to: invite.email, ...rendered, tags: ['affiliate-invite'] }, { idempotencyKey: `affiliate-invite:${invite.id}` });
    return toAffiliateInvite(invite);
  });
}

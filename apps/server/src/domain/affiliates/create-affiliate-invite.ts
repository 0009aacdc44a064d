import { AFFILIATE_LIMITS, AFFILIATE_MESSAGES, AppError, ID_PREFIXES, membersUrl, type AffiliateInvite } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { affiliateInvites, type StoreRow } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { hitLimit, type LimitRule } from '#src/identity/rate-limits.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { affiliateInviteEmail } from '#src/providers/email/templates/affiliate-invite.ts';
import { toAffiliateInvite } from './find-affiliate-invites.ts';
import { signInviteRefusalToken } from './invite-refusal-token.ts';
import { readAffiliateProgram } from './read-program.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Invites a (canonical) email address to join as an affiliate, and queues the invitation with the
 * invite, in one transaction. An address already invited to this store is refused, and so, with
 * its own message, is one that refused the store's invitations. Invitations leave from the
 * platform's sender, so each counts against the store's hourly and the creator's daily cap
 * (`AFFILIATE_LIMITS`, the shared `rate_limits` table): past either, 429 with `retryAfterSeconds`.
 * Only an invitation that is sent counts (a refusal rolls its count back with the transaction).
 * The email carries a link (and `List-Unsubscribe`) to refuse further invitations from the store.
 */
export async function createAffiliateInvite(
  db: Database,
  options: { store: Pick<StoreRow, 'id' | 'name' | 'slug'>; creatorId: string; email: string; env: Pick<Env, 'publicUrl' | 'appSecret' | 'dataDir'>; now: Date },
): Promise<AffiliateInvite> {
  const { store, now } = options;
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ declinedAt: affiliateInvites.declinedAt })
      .from(affiliateInvites)
      .where(and(eq(affiliateInvites.storeId, store.id), eq(affiliateInvites.email, options.email)))
      .limit(1);
    if (existing?.declinedAt) throw new AppError('failed-precondition', AFFILIATE_MESSAGES.inviteDeclined);
    const [invite] = await tx
      .insert(affiliateInvites)
      .values({ id: newId(ID_PREFIXES.affiliateInvite), storeId: store.id, email: options.email, createdAt: now })
      .onConflictDoNothing({ target: [affiliateInvites.storeId, affiliateInvites.email] })
      .returning();
    if (!invite) throw new AppError('already-exists', AFFILIATE_MESSAGES.alreadyInvited);
    const caps: LimitRule[] = [
      { key: `affiliate-invite:store:${store.id}`, windowMs: HOUR_MS, limit: AFFILIATE_LIMITS.invitesPerStorePerHour },
      { key: `affiliate-invite:creator:${options.creatorId}`, windowMs: DAY_MS, limit: AFFILIATE_LIMITS.invitesPerCreatorPerDay },
    ];
    for (const rule of caps) {
      const hit = await hitLimit(tx, rule, now);
      if (!hit.allowed) throw new AppError('resource-exhausted', AFFILIATE_MESSAGES.tooManyInvites, { retryAfterSeconds: hit.retryAfterSeconds });
    }
    const program = await readAffiliateProgram(tx, store.id);
    const refuseUrl = `${options.env.publicUrl.replace(/\/$/, '')}/e/stop-invites/${signInviteRefusalToken(options.env, { storeId: store.id, inviteId: invite.id })}`;
    const rendered = affiliateInviteEmail({
      productName: store.name,
      commissionPercent: program.commissionPercent,
      programOpen: program.enabled,
      joinUrl: `${membersUrl(store, { origin: options.env.publicUrl })}/affiliate`,
      refuseUrl,
    });
    await enqueueEmail(
      tx,
      {
        to: invite.email,
        ...rendered,
        headers: { 'List-Unsubscribe': `<${refuseUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        tags: ['affiliate-invite'],
      },
      { idempotencyKey: `affiliate-invite:${invite.id}` },
    );
    return toAffiliateInvite(invite);
  });
}

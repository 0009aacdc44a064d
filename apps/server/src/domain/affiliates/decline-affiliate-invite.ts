import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { affiliateInvites, stores } from '#src/db/schema/index.ts';
import type { InviteRefusalClaims } from './invite-refusal-token.ts';

export interface InviteRefusal {
  storeName: string;
  storeSlug: string;
  email: string;
  declined: boolean;
}

/**
 * Reads (`decline: false`, the page) or records (`decline: true`, its button and RFC 8058 one-click)
 * a recipient's refusal of further invitations from the store. The invite is looked up by id AND the
 * token's store, so a link never acts on another store's invite: null, like a missing one. Recording
 * is idempotent (the first time stays).
 */
export async function declineAffiliateInvite(db: Database, options: { claims: InviteRefusalClaims; decline: boolean; now: Date }): Promise<InviteRefusal | null> {
  const { claims } = options;
  const [row] = await db
    .select({ email: affiliateInvites.email, declinedAt: affiliateInvites.declinedAt, storeName: stores.name, storeSlug: stores.slug })
    .from(affiliateInvites)
    .innerJoin(stores, eq(stores.id, affiliateInvites.storeId))
    .where(and(eq(affiliateInvites.id, claims.inviteId), eq(affiliateInvites.storeId, claims.storeId)))
    .limit(1);
  if (!row) return null;
  if (options.decline && row.declinedAt === null) {
    await db
      .update(affiliateInvites)
      .set({ declinedAt: options.now })
      .where(and(eq(affiliateInvites.id, claims.inviteId), eq(affiliateInvites.storeId, claims.storeId), isNull(affiliateInvites.declinedAt)));
  }
  return { storeName: row.storeName, storeSlug: row.storeSlug, email: row.email, declined: options.decline || row.declinedAt !== null };
}

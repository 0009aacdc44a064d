import type { AffiliateInvite } from '@shopfront/core';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { affiliateInvites } from '#src/db/schema/index.ts';

export function toAffiliateInvite(row: typeof affiliateInvites.$inferSelect): AffiliateInvite {
  return {
    id: row.id,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    declinedAt: row.declinedAt?.toISOString() ?? null,
  };
}

/** The store's invitations, newest first. */
export async function findAffiliateInvites(db: Executor, storeId: string): Promise<AffiliateInvite[]> {
  const rows = await db.select().from(affiliateInvites).where(eq(affiliateInvites.storeId, storeId)).orderBy(desc(affiliateInvites.createdAt), desc(affiliateInvites.id));
  return rows.map(toAffiliateInvite);
}

import { AppError, MEMBERSHIP_MESSAGES as M, type MembershipTier } from '@shopfront/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { membershipTierFiles, membershipTiers, productFiles } from '#src/db/schema/index.ts';
import { getOwnedTier } from './owned-membership.ts';
import { tierView } from './tier-view.ts';

/**
 * Replaces the files a tier includes (docs/memberships.md "Tier files"). Each must be a file
 * uploaded on the tier's own membership product; another product's file, or another store's,
 * answers "File not found in this membership" and nothing changes. Members download them while
 * their access lasts; the download checks the tier's files then, so a file taken off a tier stops
 * downloading for its members at once.
 */
export async function setMembershipTierFiles(
  deps: { db: Database; now: Date },
  input: { userId: string; storeId: string; tierId: string; files: readonly string[] },
): Promise<MembershipTier> {
  return deps.db.transaction(async (tx) => {
    const { tier } = await getOwnedTier(tx, { userId: input.userId, storeId: input.storeId, tierId: input.tierId, lock: true });
    if (tier.archivedAt) throw new AppError('failed-precondition', M.tierArchived);
    const found =
      input.files.length === 0
        ? []
        : await tx
            .select({ id: productFiles.id })
            .from(productFiles)
            .where(and(inArray(productFiles.id, [...input.files]), eq(productFiles.productId, tier.productId), eq(productFiles.storeId, tier.storeId)));
    const usable = new Set(found.map((row) => row.id));
    if (input.files.some((id) => !usable.has(id))) throw new AppError('not-found', M.tierFileNotFound);
    await tx.delete(membershipTierFiles).where(eq(membershipTierFiles.tierId, tier.id));
    if (input.files.length > 0) {
      await tx
        .insert(membershipTierFiles)
        .values(input.files.map((fileId, position) => ({ tierId: tier.id, fileId, storeId: tier.storeId, position, createdAt: deps.now })));
    }
    const [row] = await tx.update(membershipTiers).set({ updatedAt: deps.now }).where(eq(membershipTiers.id, tier.id)).returning();
    return tierView(tx, row!);
  });
}

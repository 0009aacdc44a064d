import type { MembershipTier } from '@shopfront/core';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { memberships, membershipTiers, type MembershipTierRow } from '#src/db/schema/index.ts';

/** Members not ended, per tier: what the member limit counts. */
export async function countTierMembers(db: Executor, tierIds: readonly string[]): Promise<Map<string, number>> {
  if (tierIds.length === 0) return new Map();
  const rows = await db
    .select({ tierId: memberships.tierId, n: count() })
    .from(memberships)
    .where(and(inArray(memberships.tierId, [...tierIds]), ne(memberships.status, 'ended')))
    .groupBy(memberships.tierId);
  return new Map(rows.map((row) => [row.tierId, row.n]));
}

export function toTierView(row: MembershipTierRow, memberCount: number): MembershipTier {
  return {
    id: row.id,
    productId: row.productId,
    name: row.name,
    description: row.description,
    benefits: row.benefits,
    monthlyPriceCents: row.monthlyPriceCents,
    yearlyPriceCents: row.yearlyPriceCents,
    currency: row.currency,
    trialDays: row.trialDays,
    setupFeeCents: row.setupFeeCents,
    memberLimit: row.memberLimit,
    pausable: row.pausable,
    position: row.position,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    memberCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function tierView(db: Executor, row: MembershipTierRow): Promise<MembershipTier> {
  return toTierView(row, (await countTierMembers(db, [row.id])).get(row.id) ?? 0);
}

/** A product's tiers: live ones in their order, then archived ones (oldest archived first). */
export async function findTierViews(db: Executor, productId: string): Promise<MembershipTier[]> {
  const rows = await db
    .select()
    .from(membershipTiers)
    .where(eq(membershipTiers.productId, productId))
    .orderBy(sql`${membershipTiers.archivedAt} is not null`, asc(membershipTiers.archivedAt), asc(membershipTiers.position), asc(membershipTiers.createdAt), asc(membershipTiers.id));
  const counts = await countTierMembers(db, rows.map((row) => row.id));
  return rows.map((row) => toTierView(row, counts.get(row.id) ?? 0));
}

import type { StorefrontMembershipTier } from '@shopfront/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipTiers } from '#src/db/schema/index.ts';
import { countTierMembers, findTierCourses } from './creator/tier-view.ts';

/**
 * What a visitor sees of a membership's tiers on its product page: the live ones in the creator's
 * order, with the titles of the courses each includes, each `full` once its member limit is reached (members not ended, as joining counts them).
 * The page is cached until the store changes, so `full` is as of the page's render; joining a full
 * tier is refused by the server whatever the page said.
 */
export async function loadStorefrontTiers(db: Executor, productId: string): Promise<StorefrontMembershipTier[]> {
  const rows = await db
    .select()
    .from(membershipTiers)
    .where(and(eq(membershipTiers.productId, productId), isNull(membershipTiers.archivedAt)))
    .orderBy(asc(membershipTiers.position), asc(membershipTiers.createdAt), asc(membershipTiers.id));
  const limited = rows.filter((row) => row.memberLimit !== null).map((row) => row.id);
  const members = await countTierMembers(db, limited);
  const courses = await findTierCourses(db, rows.map((row) => row.id), { publishedOnly: true });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    benefits: row.benefits,
    monthlyPriceCents: row.monthlyPriceCents,
    yearlyPriceCents: row.yearlyPriceCents,
    trialDays: row.trialDays,
    setupFeeCents: row.setupFeeCents,
    full: row.memberLimit !== null && (members.get(row.id) ?? 0) >= row.memberLimit,
    courses: (courses.get(row.id) ?? []).map((course) => course.title),
  }));
}

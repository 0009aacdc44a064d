import type { MembershipTier } from '@shopfront/core';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { memberships, membershipTierCourses, membershipTierFiles, membershipTiers, productFiles, products, type MembershipTierRow } from '#src/db/schema/index.ts';

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

type TierCourse = MembershipTier['courses'][number];

/** The courses each tier includes, in their order (`publishedOnly`: what visitors may see, no drafts). */
export async function findTierCourses(db: Executor, tierIds: readonly string[], options: { publishedOnly?: boolean } = {}): Promise<Map<string, TierCourse[]>> {
  const found = new Map<string, TierCourse[]>();
  if (tierIds.length === 0) return found;
  const rows = await db
    .select({ tierId: membershipTierCourses.tierId, id: products.id, title: products.title })
    .from(membershipTierCourses)
    .innerJoin(products, eq(products.id, membershipTierCourses.courseId))
    .where(and(inArray(membershipTierCourses.tierId, [...tierIds]), options.publishedOnly ? eq(products.status, 'published') : undefined))
    .orderBy(asc(membershipTierCourses.position));
  for (const row of rows) {
    const list = found.get(row.tierId) ?? [];
    list.push({ id: row.id, title: row.title });
    found.set(row.tierId, list);
  }
  return found;
}

type TierFile = MembershipTier['files'][number];

/** The membership files each tier includes, in their order. */
export async function findTierFiles(db: Executor, tierIds: readonly string[]): Promise<Map<string, TierFile[]>> {
  const found = new Map<string, TierFile[]>();
  if (tierIds.length === 0) return found;
  const rows = await db
    .select({ tierId: membershipTierFiles.tierId, id: productFiles.id, name: productFiles.name })
    .from(membershipTierFiles)
    .innerJoin(productFiles, eq(productFiles.id, membershipTierFiles.fileId))
    .where(inArray(membershipTierFiles.tierId, [...tierIds]))
    .orderBy(asc(membershipTierFiles.position));
  for (const row of rows) found.set(row.tierId, [...(found.get(row.tierId) ?? []), { id: row.id, name: row.name }]);
  return found;
}

export function toTierView(row: MembershipTierRow, memberCount: number, courses: TierCourse[] = [], files: TierFile[] = []): MembershipTier {
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
    maxPauseDays: row.maxPauseDays,
    position: row.position,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    memberCount,
    courses,
    files,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function tierView(db: Executor, row: MembershipTierRow): Promise<MembershipTier> {
  const courses = (await findTierCourses(db, [row.id])).get(row.id) ?? [];
  const files = (await findTierFiles(db, [row.id])).get(row.id) ?? [];
  return toTierView(row, (await countTierMembers(db, [row.id])).get(row.id) ?? 0, courses, files);
}

/** A product's tiers: live ones in their order, then archived ones (oldest archived first). */
export async function findTierViews(db: Executor, productId: string): Promise<MembershipTier[]> {
  const rows = await db
    .select()
    .from(membershipTiers)
    .where(eq(membershipTiers.productId, productId))
    .orderBy(sql`${membershipTiers.archivedAt} is not null`, asc(membershipTiers.archivedAt), asc(membershipTiers.position), asc(membershipTiers.createdAt), asc(membershipTiers.id));
  const ids = rows.map((row) => row.id);
  const [counts, courses, files] = [await countTierMembers(db, ids), await findTierCourses(db, ids), await findTierFiles(db, ids)];
  return rows.map((row) => toTierView(row, counts.get(row.id) ?? 0, courses.get(row.id) ?? [], files.get(row.id) ?? []));
}

import { AppError, MEMBERSHIP_MESSAGES as M, type MembershipTier } from '@shopfront/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { membershipTierCourses, membershipTiers, products } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { enrolTierMembers } from '#src/domain/courses/enrolment/membership-courses.ts';
import { getOwnedTier } from './owned-membership.ts';
import { tierView } from './tier-view.ts';

/**
 * Replaces the courses a tier includes (docs/courses.md "Courses in a membership"). Each must be a
 * course product of the tier's store, not archived; another store's product, or one that is not a
 * course, answers "Course not found in this store" and nothing changes. Members with access now are
 * enrolled in the courses just added, in the same transaction; a course taken off the tier locks
 * for members who take it only through this tier (their progress is kept).
 */
export async function setMembershipTierCourses(
  deps: { db: Database; now: Date },
  input: { userId: string; storeId: string; tierId: string; courses: readonly string[] },
): Promise<MembershipTier> {
  return deps.db.transaction(async (tx) => {
    const { tier } = await getOwnedTier(tx, { userId: input.userId, storeId: input.storeId, tierId: input.tierId, lock: true });
    if (tier.archivedAt) throw new AppError('failed-precondition', M.tierArchived);
    const found =
      input.courses.length === 0
        ? []
        : await tx
            .select({ id: products.id, archivedAt: products.archivedAt })
            .from(products)
            .where(and(inArray(products.id, [...input.courses]), eq(products.storeId, tier.storeId), eq(products.type, 'course')));
    const usable = new Set(found.filter((row) => row.archivedAt === null).map((row) => row.id));
    if (input.courses.some((id) => !usable.has(id))) throw new AppError('not-found', M.tierCourseNotFound);
    const before = await tx.select({ courseId: membershipTierCourses.courseId }).from(membershipTierCourses).where(eq(membershipTierCourses.tierId, tier.id));
    const had = new Set(before.map((row) => row.courseId));
    await tx.delete(membershipTierCourses).where(eq(membershipTierCourses.tierId, tier.id));
    if (input.courses.length > 0) {
      await tx
        .insert(membershipTierCourses)
        .values(input.courses.map((courseId, position) => ({ tierId: tier.id, courseId, storeId: tier.storeId, position, createdAt: deps.now })));
    }
    await enrolTierMembers(tx, { storeId: tier.storeId, tierId: tier.id, courseIds: input.courses.filter((id) => !had.has(id)), now: deps.now });
    const [row] = await tx.update(membershipTiers).set({ updatedAt: deps.now }).where(eq(membershipTiers.id, tier.id)).returning();
    // The product page lists each tier's courses.
    await notifyStorefrontChanged(tx, tier.storeId);
    return tierView(tx, row!);
  });
}

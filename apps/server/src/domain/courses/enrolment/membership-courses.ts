// Exports the link between membership tiers and courses: enrolling a tier's members, and whether a membership enrolment is live.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { courseEnrolments, membershipTierCourses, memberships, type CourseEnrolmentRow, type MembershipRow } from '#src/db/schema/index.ts';
import { findMemberAccess } from '#src/domain/memberships/find-member-access.ts';
import { membershipAccess } from '#src/domain/memberships/membership-access.ts';
import { testClockNow } from '#src/domain/test-clock/read-test-clock.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { scheduleUnlockNotice } from '../unlock-notices/schedule-unlock-notice.ts';

export const MEMBERSHIP_COURSE_ENROLMENT_KIND = 'membership-course-enrolment';

export interface MembershipCourseEnrolmentPayload {
  storeId: string;
  enrolmentId: string;
}

/**
 * Enrols the membership's customer in every course its tier includes, while the membership gives
 * access (on the store's test clock for a test membership). Called in the transaction of each
 * applied membership event and when a creator adds courses to a tier. A new enrolment gets the
 * enrolment email (a job: it needs the server's public URL) and its first unlock check, each once;
 * an existing one (bought, or from an earlier membership) is linked to this membership and opened
 * again if it had ended, with its progress.
 */
export async function enrolMembershipCourses(tx: Executor, membership: MembershipRow, now: Date, courseIds?: readonly string[]): Promise<void> {
  const testMode = membership.provider === 'test';
  const clockNow = testMode ? await testClockNow(tx, { storeId: membership.storeId, now }) : now;
  if (!membershipAccess(membership, clockNow)) return;
  const included = await tx
    .select({ courseId: membershipTierCourses.courseId })
    .from(membershipTierCourses)
    .where(and(eq(membershipTierCourses.tierId, membership.tierId), eq(membershipTierCourses.storeId, membership.storeId)));
  const courses = included.map((row) => row.courseId).filter((id) => courseIds === undefined || courseIds.includes(id));
  for (const courseId of courses) {
    const [inserted] = await tx
      .insert(courseEnrolments)
      .values({ id: newId('enr'), storeId: membership.storeId, productId: courseId, customerId: membership.customerId, enrolledAt: clockNow, sourceMembershipId: membership.id, testMode, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      const payload: MembershipCourseEnrolmentPayload = { storeId: inserted.storeId, enrolmentId: inserted.id };
      await enqueueJob(tx, MEMBERSHIP_COURSE_ENROLMENT_KIND, payload, { idempotencyKey: inserted.id });
      await scheduleUnlockNotice(tx, inserted);
      continue;
    }
    const [linked] = await tx
      .update(courseEnrolments)
      .set({ sourceMembershipId: membership.id, endedAt: null })
      .where(and(eq(courseEnrolments.productId, courseId), eq(courseEnrolments.customerId, membership.customerId), eq(courseEnrolments.storeId, membership.storeId)))
      .returning();
    // Its unlock checks stopped while access had lapsed: the next one is queued again (keyed, so
    // once), and what opened meanwhile is announced now, in one email.
    if (linked) await scheduleUnlockNotice(tx, linked, { accessReturnedAt: clockNow });
  }
}

/** Enrols the tier's members who have access now in the given courses (just added to the tier). */
export async function enrolTierMembers(tx: Executor, input: { storeId: string; tierId: string; courseIds: readonly string[]; now: Date }): Promise<void> {
  if (input.courseIds.length === 0) return;
  const members = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.storeId, input.storeId), eq(memberships.tierId, input.tierId)));
  for (const member of members) await enrolMembershipCourses(tx, member, input.now, input.courseIds);
}

/**
 * Which of these enrolments the student may use now. One an order grants (sourceOrderId) is live
 * until it ends; one only a membership grants is live while some membership of the customer gives
 * access to a tier that includes the course (the tier may have dropped it, or access lapsed): the
 * course then shows as locked, with its progress kept for when they renew.
 */
export async function liveEnrolments<T extends Pick<CourseEnrolmentRow, 'storeId' | 'customerId' | 'productId' | 'sourceOrderId' | 'sourceMembershipId' | 'endedAt'>>(
  db: Executor,
  rows: readonly T[],
  now: Date,
): Promise<T[]> {
  const open = rows.filter((row) => row.endedAt === null);
  const byMembership = open.filter(needsMembership);
  if (byMembership.length === 0) return open;
  const granted = await membershipCourseIds(db, byMembership[0]!, now);
  return open.filter((row) => !needsMembership(row) || granted.has(row.productId));
}

/** The courses of the store the customer takes through a membership with access now. */
export async function membershipCourseIds(db: Executor, student: Pick<CourseEnrolmentRow, 'storeId' | 'customerId'>, now: Date): Promise<Set<string>> {
  const access = await findMemberAccess(db, { storeId: student.storeId, customerId: student.customerId, now });
  if (access.length === 0) return new Set();
  const rows = await db
    .select({ courseId: membershipTierCourses.courseId })
    .from(membershipTierCourses)
    .where(and(eq(membershipTierCourses.storeId, student.storeId), inArray(membershipTierCourses.tierId, access.map((row) => row.tierId))));
  return new Set(rows.map((row) => row.courseId));
}

const needsMembership = (row: Pick<CourseEnrolmentRow, 'sourceOrderId' | 'sourceMembershipId'>) => row.sourceOrderId === null && row.sourceMembershipId !== null;

/** The customer's enrolments that only a membership grants and that are locked now (access ended, or the tier dropped the course). */
export async function lockedMembershipEnrolments(db: Executor, input: { storeId: string; customerId: string; now: Date }): Promise<CourseEnrolmentRow[]> {
  const rows = await db
    .select()
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.storeId, input.storeId), eq(courseEnrolments.customerId, input.customerId), isNull(courseEnrolments.endedAt), isNull(courseEnrolments.sourceOrderId)));
  const byMembership = rows.filter(needsMembership);
  if (byMembership.length === 0) return [];
  const granted = await membershipCourseIds(db, input, input.now);
  return byMembership.filter((row) => !granted.has(row.productId));
}

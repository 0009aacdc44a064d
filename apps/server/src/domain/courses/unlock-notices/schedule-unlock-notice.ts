// Exports scheduleUnlockNotice, loadNoticeState and the job kinds: when a student's next "new lessons unlocked" check runs.
import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { courseLessons, courseSections, courseUnlockNotices, type CourseEnrolmentRow } from '#src/db/schema/index.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { pendingOpenings, type NoticeSection } from './pending-openings.ts';

export const COURSE_UNLOCK_NOTICE_KIND = 'course-unlock-notice';
export const COURSE_UNLOCK_RESCHEDULE_KIND = 'course-unlock-reschedule';

export interface UnlockNoticePayload {
  storeId: string;
  enrolmentId: string;
}

export interface UnlockReschedulePayload {
  storeId: string;
  productId: string;
}

/** The course's sections with their lesson counts, and the sections already announced to this student. */
export async function loadNoticeState(db: Executor, enrolment: Pick<CourseEnrolmentRow, 'id' | 'storeId' | 'productId'>) {
  const sections: NoticeSection[] = await db
    .select({ id: courseSections.id, title: courseSections.title, dripKind: courseSections.dripKind, dripDays: courseSections.dripDays, dripDate: courseSections.dripDate, lessonCount: count(courseLessons.id) })
    .from(courseSections)
    .leftJoin(courseLessons, eq(courseLessons.sectionId, courseSections.id))
    .where(and(eq(courseSections.productId, enrolment.productId), eq(courseSections.storeId, enrolment.storeId)))
    .groupBy(courseSections.id);
  const rows = await db.select({ sectionId: courseUnlockNotices.sectionId }).from(courseUnlockNotices).where(eq(courseUnlockNotices.enrolmentId, enrolment.id));
  return { sections, announced: new Set(rows.map((row) => row.sectionId)) };
}

/**
 * Queues the student's next check at the earliest opening still to announce (at once when it has
 * passed), as a durable job; a test-mode enrolment's job follows the store's test clock, so moving
 * the clock brings it forward. The key names the enrolment, the time and the sections due then:
 * scheduling the same check twice queues one job, while a section added or moved to a time already
 * checked gets a job of its own. A live enrolment only; nothing when everything is announced.
 *
 * `accessReturnedAt` (the student's "now" when a membership gave access again): a section that
 * opened before it and is still unannounced opened while access had lapsed, and its check already
 * ran and announced nothing; a check keyed by that moment runs at once and announces what opened
 * meanwhile, in one email (unlock-notice-job.ts).
 */
export async function scheduleUnlockNotice(db: Executor, enrolment: CourseEnrolmentRow, options: { accessReturnedAt?: Date } = {}): Promise<void> {
  if (enrolment.endedAt) return;
  const { sections, announced } = await loadNoticeState(db, enrolment);
  const pending = pendingOpenings(sections, enrolment, announced);
  const next = pending[0];
  if (!next) return;
  const due = pending.filter((opening) => opening.opensAt.getTime() === next.opensAt.getTime()).map((opening) => opening.sectionId);
  const payload: UnlockNoticePayload = { storeId: enrolment.storeId, enrolmentId: enrolment.id };
  const testClock = enrolment.testMode ? { storeId: enrolment.storeId, offsetMs: await readTestClockOffsetMs(db, enrolment.storeId) } : undefined;
  const returned = options.accessReturnedAt;
  if (returned && next.opensAt.getTime() <= returned.getTime()) {
    await enqueueJob(db, COURSE_UNLOCK_NOTICE_KIND, payload, { idempotencyKey: `${enrolment.id}:access-returned:${returned.toISOString()}`, runAt: returned, testClock });
    return;
  }
  await enqueueJob(db, COURSE_UNLOCK_NOTICE_KIND, payload, { idempotencyKey: `${enrolment.id}:${next.opensAt.toISOString()}:${due.join(',')}`, runAt: next.opensAt, testClock });
}

/** After a drip change: one job that reschedules every live student of the course (not a write per student in the creator's request). */
export async function rescheduleCourseNotices(db: Executor, options: UnlockReschedulePayload & { now: Date }): Promise<void> {
  const payload: UnlockReschedulePayload = { storeId: options.storeId, productId: options.productId };
  await enqueueJob(db, COURSE_UNLOCK_RESCHEDULE_KIND, payload, { idempotencyKey: `${options.productId}:${options.now.toISOString()}` });
}

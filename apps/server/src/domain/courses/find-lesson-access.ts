import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { courseEnrolments, courseLessons, courseSections, videoAssets, type CourseEnrolmentRow, type CourseLessonRow, type CourseSectionRow, type VideoAssetRow } from '#src/db/schema/index.ts';
import { testClockNow } from '#src/domain/test-clock/read-test-clock.ts';
import { lessonAccess, type LessonAccess } from './drip.ts';
import { liveEnrolments } from './enrolment/membership-courses.ts';
import { planLocksOrder } from '#src/domain/payment-plans/plan-locks-order.ts';

export interface FoundLesson {
  lesson: CourseLessonRow;
  section: CourseSectionRow;
  asset: VideoAssetRow | null;
  enrolment: CourseEnrolmentRow | null;
  access: LessonAccess;
  /** "Now" for this student: the store's test-clock time for a test-mode enrolment (decision 035). */
  now: Date;
}

/**
 * A lesson of the store and what the student may do with it. The student is named by their
 * customer id (the members-area session) or, for a token, by the enrolment id; either is matched
 * within the lesson's course and store, so another store's lesson, enrolment or customer finds
 * nothing. Null when the lesson is not the store's.
 */
export async function findLessonAccess(
  db: Executor,
  options: { storeId: string; lessonId: string; student: { customerId: string } | { enrolmentId: string } | null; now: Date },
): Promise<FoundLesson | null> {
  const [found] = await db
    .select({ lesson: courseLessons, section: courseSections })
    .from(courseLessons)
    .innerJoin(courseSections, eq(courseSections.id, courseLessons.sectionId))
    .where(and(eq(courseLessons.id, options.lessonId), eq(courseLessons.storeId, options.storeId)));
  if (!found) return null;
  const { lesson, section } = found;
  const enrolment = options.student === null ? null : await findEnrolment(db, { storeId: options.storeId, productId: lesson.productId, student: options.student, now: options.now });
  const now = enrolment?.testMode ? await testClockNow(db, { storeId: options.storeId, now: options.now }) : options.now;
  const asset = lesson.videoAssetId
    ? ((await db.select().from(videoAssets).where(and(eq(videoAssets.id, lesson.videoAssetId), eq(videoAssets.storeId, options.storeId))))[0] ?? null)
    : null;
  return { lesson, section, asset, enrolment, access: lessonAccess({ lesson, section, enrolment, now }), now };
}

/**
 * The student's enrolment in the course; null when there is none, or when only a membership grants
 * it and that membership no longer gives access to a tier with the course (liveEnrolments).
 */
export async function findEnrolment(
  db: Executor,
  options: { storeId: string; productId: string; student: { customerId: string } | { enrolmentId: string }; now: Date },
): Promise<CourseEnrolmentRow | null> {
  const who = 'customerId' in options.student ? eq(courseEnrolments.customerId, options.student.customerId) : eq(courseEnrolments.id, options.student.enrolmentId);
  const [row] = await db
    .select()
    .from(courseEnrolments)
    .where(and(who, eq(courseEnrolments.productId, options.productId), eq(courseEnrolments.storeId, options.storeId)));
  if (!row) return null;
  // A locked payment plan closes the course it bought until the plan recovers (decision 047).
  if (row.sourceOrderId !== null && (await planLocksOrder(db, row.sourceOrderId))) return null;
  return row.endedAt === null && (await liveEnrolments(db, [row], options.now)).length === 0 ? null : row;
}

// Exports certificateStatus and loadCourseCertificate: when a student may have their certificate, and what it says.
import { AppError, COURSE_MESSAGES as M } from '@shopfront/core';
import { and, count, eq, isNotNull, max } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { courseLessons, customers, lessonProgress, stores, type CourseEnrolmentRow } from '#src/db/schema/index.ts';
import { certificateEnabled } from '../creator/course-outline-view.ts';
import { getMyEnrolment } from '../student/my-enrolments.ts';

export type CertificateStatus = 'off' | 'incomplete' | 'ready';

/** `ready` only when the creator offers it and the student completed every lesson of a course that has some. */
export function certificateStatus(enabled: boolean, progress: { completed: number; total: number }): CertificateStatus {
  if (!enabled) return 'off';
  return progress.total > 0 && progress.completed >= progress.total ? 'ready' : 'incomplete';
}

export interface CourseCertificate {
  studentName: string;
  courseTitle: string;
  storeName: string;
  /** When the last lesson was completed: the certificate's date, shown in the store's time zone. */
  completedAt: Date;
  timeZone: string;
}

/**
 * What the student's certificate says. Only their own live enrolment answers (another store's or
 * another student's course, a refunded or missing one: the same not-found); refused with a clear
 * message while the creator has it off or a lesson is not complete. The name falls back to the
 * email when the customer gave none.
 */
export async function loadCourseCertificate(db: Executor, options: { storeId: string; customerId: string; productId: string; now: Date }): Promise<CourseCertificate> {
  const { enrolment, product } = await getMyEnrolment(db, options);
  if (!(await certificateEnabled(db, product))) throw new AppError('failed-precondition', M.certificateOff);
  const done = await completion(db, enrolment);
  if (certificateStatus(true, done) !== 'ready' || !done.lastCompletedAt) throw new AppError('failed-precondition', M.certificateIncomplete);
  const [row] = await db
    .select({ name: customers.name, email: customers.email, storeName: stores.name, timeZone: stores.timeZone })
    .from(customers)
    .innerJoin(stores, eq(stores.id, customers.storeId))
    .where(and(eq(customers.id, enrolment.customerId), eq(customers.storeId, enrolment.storeId)));
  if (!row) throw new AppError('not-found', M.courseNotFound);
  return { studentName: row.name.trim() || row.email, courseTitle: product.title, storeName: row.storeName, completedAt: done.lastCompletedAt, timeZone: row.timeZone };
}

/** The course's lessons, how many of them this enrolment completed, and when the last one was. */
async function completion(db: Executor, enrolment: CourseEnrolmentRow) {
  const [lessons] = await db.select({ n: count() }).from(courseLessons).where(and(eq(courseLessons.productId, enrolment.productId), eq(courseLessons.storeId, enrolment.storeId)));
  const [done] = await db
    .select({ n: count(), last: max(lessonProgress.completedAt) })
    .from(lessonProgress)
    .innerJoin(courseLessons, eq(courseLessons.id, lessonProgress.lessonId))
    .where(and(eq(lessonProgress.enrolmentId, enrolment.id), eq(courseLessons.productId, enrolment.productId), isNotNull(lessonProgress.completedAt)));
  return { total: lessons?.n ?? 0, completed: done?.n ?? 0, lastCompletedAt: done?.last ?? null };
}

// Exports the student's enrolment reads (findMyEnrolments, getMyEnrolment, enrolmentNow) for the members-area course functions.
import { AppError, COURSE_MESSAGES as M } from '@shopfront/core';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { courseEnrolments, products, type CourseEnrolmentRow, type ProductRow } from '#src/db/schema/index.ts';
import { testClockNow } from '#src/domain/test-clock/read-test-clock.ts';
import { liveEnrolments } from '../enrolment/membership-courses.ts';

/** "Now" for an enrolment: the store's test-clock time for test-mode ones (decision 035). */
export async function enrolmentNow(db: Executor, enrolment: Pick<CourseEnrolmentRow, 'storeId' | 'testMode'>, now: Date): Promise<Date> {
  return enrolment.testMode ? testClockNow(db, { storeId: enrolment.storeId, now }) : now;
}

/**
 * The customer's live enrolments in the store, most recent first, with their course products
 * (one only a membership grants counts while that membership gives access: liveEnrolments).
 */
export async function findMyEnrolments(db: Executor, options: { storeId: string; customerId: string; now: Date }): Promise<{ enrolment: CourseEnrolmentRow; product: ProductRow }[]> {
  const rows = await db
    .select({ enrolment: courseEnrolments, product: products })
    .from(courseEnrolments)
    .innerJoin(products, eq(products.id, courseEnrolments.productId))
    .where(and(eq(courseEnrolments.storeId, options.storeId), eq(courseEnrolments.customerId, options.customerId), isNull(courseEnrolments.endedAt), eq(products.type, 'course')))
    .orderBy(desc(courseEnrolments.enrolledAt), desc(courseEnrolments.id));
  const live = new Set(await liveEnrolments(db, rows.map((row) => row.enrolment), options.now));
  return rows.filter((row) => live.has(row.enrolment));
}

/**
 * The customer's live enrolment in one course of the store. A course of another store, a course
 * they did not buy, a refunded one and a missing one all answer the same not-found.
 */
export async function getMyEnrolment(db: Executor, options: { storeId: string; customerId: string; productId: string; now: Date }) {
  const [row] = await db
    .select({ enrolment: courseEnrolments, product: products })
    .from(courseEnrolments)
    .innerJoin(products, eq(products.id, courseEnrolments.productId))
    .where(
      and(
        eq(courseEnrolments.storeId, options.storeId),
        eq(courseEnrolments.customerId, options.customerId),
        eq(courseEnrolments.productId, options.productId),
        isNull(courseEnrolments.endedAt),
        eq(products.type, 'course'),
      ),
    );
  if (!row || (await liveEnrolments(db, [row.enrolment], options.now)).length === 0) throw new AppError('not-found', M.courseNotFound);
  return row;
}

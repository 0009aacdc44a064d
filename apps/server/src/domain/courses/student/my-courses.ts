// Exports listMyCourses, listMyLockedCourses, getMyCourse and setMyCourseEmails: the members area's course list and course page (docs/courses.md).
import type { MyCourse, MyCourseSummary } from '@shopfront/core';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { courseEnrolments, products } from '#src/db/schema/index.ts';
import { lockedMembershipEnrolments } from '../enrolment/membership-courses.ts';
import { certificateStatus } from '../certificate/course-certificate.ts';
import { certificateEnabled } from '../creator/course-outline-view.ts';
import { courseOutlineForStudent } from './course-outline-for-student.ts';
import { enrolmentNow, findMyEnrolments, getMyEnrolment } from './my-enrolments.ts';

const overall = (summary: { overall: { completed: number; total: number; percent: number } }) => ({ ...summary.overall });

export async function listMyCourses(db: Database, options: { storeId: string; customerId: string; now: Date }): Promise<MyCourseSummary[]> {
  const rows = await findMyEnrolments(db, options);
  const courses: MyCourseSummary[] = [];
  for (const { enrolment, product } of rows) {
    const { summary } = await courseOutlineForStudent(db, enrolment, await enrolmentNow(db, enrolment, options.now));
    courses.push({
      productId: product.id,
      title: product.title,
      coverImageUrl: product.coverImageUrl,
      enrolledAt: enrolment.enrolledAt.toISOString(),
      progress: overall(summary),
      continueAt: summary.continueAt,
    });
  }
  return courses;
}

/** Courses only a membership gave the student that are locked now (membership-courses.ts), newest first. */
export async function listMyLockedCourses(db: Database, options: { storeId: string; customerId: string; now: Date }): Promise<{ productId: string; title: string; coverImageUrl: string | null }[]> {
  const locked = await lockedMembershipEnrolments(db, options);
  if (locked.length === 0) return [];
  const rows = await db
    .select({ productId: products.id, title: products.title, coverImageUrl: products.coverImageUrl })
    .from(products)
    .where(and(eq(products.storeId, options.storeId), eq(products.type, 'course'), inArray(products.id, locked.map((row) => row.productId))))
    .orderBy(desc(products.createdAt), desc(products.id));
  return rows;
}

export async function getMyCourse(db: Database, options: { storeId: string; customerId: string; productId: string; now: Date }): Promise<MyCourse> {
  const { enrolment, product } = await getMyEnrolment(db, options);
  const { summary, sections } = await courseOutlineForStudent(db, enrolment, await enrolmentNow(db, enrolment, options.now));
  return {
    productId: product.id,
    title: product.title,
    coverImageUrl: product.coverImageUrl,
    enrolledAt: enrolment.enrolledAt.toISOString(),
    sections,
    progress: overall(summary),
    continueAt: summary.continueAt,
    certificate: certificateStatus(await certificateEnabled(db, product), summary.overall),
    lessonEmails: enrolment.lessonEmails,
  };
}

/** The student's "Email me when new lessons open" for one of their courses (their live enrolment only). */
export async function setMyCourseEmails(db: Database, options: { storeId: string; customerId: string; productId: string; lessonEmails: boolean; now: Date }): Promise<{ lessonEmails: boolean }> {
  const { enrolment } = await getMyEnrolment(db, options);
  await db.update(courseEnrolments).set({ lessonEmails: options.lessonEmails }).where(and(eq(courseEnrolments.id, enrolment.id), eq(courseEnrolments.storeId, options.storeId)));
  return { lessonEmails: options.lessonEmails };
}

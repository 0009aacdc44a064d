import { COURSE_LIMITS, type CourseStudent } from '@shopfront/core';
import { and, count, desc, eq, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { courseEnrolments, customers, lessonProgress, type ProductRow } from '#src/db/schema/index.ts';
import { courseCompletions, findCourseLessons, percentOf } from './course-outline-view.ts';

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * One page of the course's students (newest enrolment first), each with their progress over the
 * course's current lessons, and every lesson's completion rate among live students. Ended
 * (refunded) enrolments are listed too, marked, so the creator sees who lost access.
 */
export async function listCourseStudents(db: Database, options: { product: ProductRow; page: number; search: string }) {
  const { product } = options;
  const pageSize = COURSE_LIMITS.studentsPageSize;
  const conditions: SQL[] = [eq(courseEnrolments.productId, product.id), eq(courseEnrolments.storeId, product.storeId)];
  if (options.search) {
    const pattern = likePattern(options.search);
    conditions.push(or(sql`lower(${customers.email}) like ${pattern}`, sql`lower(${customers.name}) like ${pattern}`)!);
  }
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(courseEnrolments).innerJoin(customers, eq(customers.id, courseEnrolments.customerId)).where(where);
  const rows = await db
    .select({ enrolment: courseEnrolments, name: customers.name, email: customers.email })
    .from(courseEnrolments)
    .innerJoin(customers, eq(customers.id, courseEnrolments.customerId))
    .where(where)
    .orderBy(desc(courseEnrolments.enrolledAt), desc(courseEnrolments.id))
    .limit(pageSize)
    .offset((options.page - 1) * pageSize);
  const lessons = await findCourseLessons(db, product.id);
  const lessonIds = lessons.map((lesson) => lesson.id);
  const enrolmentIds = rows.map((row) => row.enrolment.id);
  const progress =
    enrolmentIds.length && lessonIds.length
      ? await db
          .select({
            enrolmentId: lessonProgress.enrolmentId,
            completed: sql<number>`count(*) filter (where ${lessonProgress.completedAt} is not null)`.mapWith(Number),
            lastActivityAt: max(lessonProgress.updatedAt),
          })
          .from(lessonProgress)
          .where(and(inArray(lessonProgress.enrolmentId, enrolmentIds), inArray(lessonProgress.lessonId, lessonIds)))
          .groupBy(lessonProgress.enrolmentId)
      : [];
  const byEnrolment = new Map(progress.map((row) => [row.enrolmentId, row]));
  const total = lessons.length;
  const students: CourseStudent[] = rows.map(({ enrolment, name, email }) => {
    const mine = byEnrolment.get(enrolment.id);
    const completed = mine?.completed ?? 0;
    return {
      enrolmentId: enrolment.id,
      customerId: enrolment.customerId,
      name,
      email,
      enrolledAt: enrolment.enrolledAt.toISOString(),
      endedAt: enrolment.endedAt?.toISOString() ?? null,
      unlockedAllAt: enrolment.unlockedAllAt?.toISOString() ?? null,
      completed,
      total,
      percent: percentOf(completed, total),
      lastActivityAt: mine?.lastActivityAt ? new Date(mine.lastActivityAt).toISOString() : null,
      testMode: enrolment.testMode,
    };
  });
  const completions = await courseCompletions(db, product.id);
  return {
    students,
    total: totalRow?.n ?? 0,
    page: options.page,
    pageSize,
    lessons: lessons.map((lesson) => {
      const completedCount = completions.completedByLesson.get(lesson.id) ?? 0;
      return { lessonId: lesson.id, title: lesson.title, completedCount, completionPercent: percentOf(completedCount, completions.students) };
    }),
  };
}


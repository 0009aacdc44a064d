import { COURSE_LIMITS as L, type CourseStudent } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { courseEnrolments, customers, lessonProgress } from '#src/db/schema/index.ts';
import { seedEnrolment } from '#src/testing/courses.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedCustomer } from '#src/testing/orders.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { call, courseWithLesson, newLesson, ok, outlineOf, type Shop } from '#src/testing/course-editor.ts';

type StudentPage = { students: CourseStudent[]; total: number; page: number; pageSize: number; lessons: { lessonId: string; title: string; completedCount: number; completionPercent: number }[] };

describe('a course’s students: progress per student, completion per lesson, unlock for one', () => {
  const clock = manualClock(new Date('2030-06-01T10:00:00.000Z'));
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const owner = await signedInCreator(t, { now: clock.now() });
    shop = { owner, storeId: (await createStoreAs(t, owner, 'course-students')).id };
  });
  afterAll(() => t?.close());

  const list = (productId: string, extra: Record<string, unknown> = {}) => ok<StudentPage>(call(t, shop, 'listCourseStudents', { productId, ...extra }));
  async function enrol(productId: string, name: string, enrolledAt = clock.now()) {
    const customer = await seedCustomer(t, shop.storeId, { name, email: `${name.toLowerCase()}@example.com` });
    return { customerId: customer.id, enrolmentId: await seedEnrolment(t, { storeId: shop.storeId, productId, customerId: customer.id, enrolledAt }) };
  }
  const complete = (enrolmentId: string, lessonId: string) =>
    t.db.insert(lessonProgress).values({ enrolmentId, lessonId, storeId: shop.storeId, positionSeconds: 5, completedAt: clock.now(), updatedAt: clock.now() });

  it('lists students newest first with their progress and last activity, and each lesson’s completion rate', async () => {
    const { product, sectionId, lessonId: first } = await courseWithLesson(t, shop);
    const second = (await newLesson(t, shop, sectionId, { title: 'Second' })).id;
    const ada = await enrol(product.id, 'Ada', new Date('2030-05-01T00:00:00.000Z'));
    const bea = await enrol(product.id, 'Bea', new Date('2030-05-02T00:00:00.000Z'));
    const cy = await enrol(product.id, 'Cy', new Date('2030-05-03T00:00:00.000Z'));
    await complete(ada.enrolmentId, first);
    await complete(ada.enrolmentId, second);
    await complete(bea.enrolmentId, first);
    await complete(cy.enrolmentId, first);
    const page = await list(product.id);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: L.studentsPageSize });
    expect(page.students.map((student) => [student.name, student.completed, student.total, student.percent, student.lastActivityAt])).toEqual([
      ['Cy', 1, 2, 50, clock.now().toISOString()],
      ['Bea', 1, 2, 50, clock.now().toISOString()],
      ['Ada', 2, 2, 100, clock.now().toISOString()],
    ]);
    expect(page.lessons).toEqual([
      { lessonId: first, title: 'Welcome', completedCount: 3, completionPercent: 100 },
      { lessonId: second, title: 'Second', completedCount: 1, completionPercent: 33 },
    ]);
    const outline = await outlineOf(t, shop, product.id);
    expect(outline.sections[0]!.lessons.map((lesson) => lesson.completionPercent)).toEqual([100, 33]);
    expect(outline.studentCount).toBe(3);
    expect((await list(product.id, { search: 'BEA@' })).students.map((student) => student.name)).toEqual(['Bea']);
    expect((await list(product.id, { search: '%' })).students).toEqual([]);
  });

  it('pages by 50: the 50th student is on page one, the 51st on page two', async () => {
    const { product } = await courseWithLesson(t, shop);
    const rows = Array.from({ length: L.studentsPageSize + 1 }, (_, index) => ({ id: newId('cus'), storeId: shop.storeId, email: `p${index}@example.com`, name: `P${index}` }));
    await t.db.insert(customers).values(rows);
    await t.db.insert(courseEnrolments).values(rows.map((row, index) => ({ id: newId('enr'), storeId: shop.storeId, productId: product.id, customerId: row.id, enrolledAt: new Date(Date.UTC(2030, 0, 1) + index * 1000) })));
    const one = await list(product.id);
    const two = await list(product.id, { page: 2 });
    expect([one.students.length, two.students.length, one.total]).toEqual([L.studentsPageSize, 1, L.studentsPageSize + 1]);
    expect(two.students[0]!.name).toBe('P0');
  });

  it('ended enrolments are listed as ended and leave the completion rates', async () => {
    const { product, lessonId } = await courseWithLesson(t, shop);
    const live = await enrol(product.id, 'Live');
    const gone = await enrol(product.id, 'Gone');
    await complete(gone.enrolmentId, lessonId);
    await t.db.update(courseEnrolments).set({ endedAt: clock.now() }).where(eq(courseEnrolments.id, gone.enrolmentId));
    const page = await list(product.id);
    expect(page.students.find((student) => student.enrolmentId === gone.enrolmentId)).toMatchObject({ endedAt: clock.now().toISOString(), percent: 100 });
    expect(page.lessons[0]).toMatchObject({ completedCount: 0, completionPercent: 0 });
    expect(page.students.find((student) => student.enrolmentId === live.enrolmentId)).toMatchObject({ endedAt: null, percent: 0 });
  });

  it('unlocks every section for one student, once', async () => {
    const { product } = await courseWithLesson(t, shop);
    const student = await enrol(product.id, 'Dee');
    const first = await ok<{ unlockedAllAt: string }>(call(t, shop, 'unlockCourseForStudent', { enrolmentId: student.enrolmentId }));
    expect(first).toEqual({ enrolmentId: student.enrolmentId, unlockedAllAt: clock.now().toISOString() });
    clock.advance(60_000);
    expect(await ok(call(t, shop, 'unlockCourseForStudent', { enrolmentId: student.enrolmentId }))).toEqual(first);
    expect((await list(product.id)).students[0]!.unlockedAllAt).toBe(first.unlockedAllAt);
  });
});

import { COURSE_MESSAGES as M, type CourseSyllabus } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/db/schema/index.ts';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { asStudent, courseStore, result, type CourseStore } from './member-course-fixtures.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));

describe('a course’s syllabus on its storefront page', () => {
  let t: TestApp;
  let school: CourseStore;
  let other: CourseStore;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    school = await courseStore(t, clock.now());
    other = await courseStore(t, clock.now());
  });
  afterAll(() => t?.close());

  const visitor = () => asStudent(t, null);

  it('gives any visitor the section and lesson titles, the free previews, media and lengths, and nothing else', async () => {
    const syllabus = await result<CourseSyllabus>(visitor()('getCourseSyllabus', { storeId: school.store.id, productId: school.productId }));
    expect(syllabus).toEqual({
      productId: school.productId,
      sections: [
        {
          id: school.sectionIds[0],
          title: 'Section 1',
          lessons: [
            { id: school.lessons.videoLesson, title: 'Welcome', freePreview: false, media: 'video', durationSeconds: 100 },
            { id: school.lessons.embedLesson, title: 'Lesson 2', freePreview: false, media: 'embed', durationSeconds: null },
          ],
        },
        {
          id: school.sectionIds[1],
          title: 'Section 2',
          lessons: [
            { id: school.lessons.lockedLesson, title: 'Lesson 1', freePreview: false, media: 'none', durationSeconds: null },
            { id: school.lessons.previewLesson, title: 'Lesson 2', freePreview: true, media: 'none', durationSeconds: null },
          ],
        },
      ],
    });
  });

  it('answers a draft, another store’s and a missing course alike', async () => {
    const missing = seen(await visitor()('getCourseSyllabus', { storeId: school.store.id, productId: missingId('prd') }));
    expect(missing).toMatchObject({ status: 404, body: { error: { message: M.courseNotFound } } });
    expect(seen(await visitor()('getCourseSyllabus', { storeId: school.store.id, productId: other.productId }))).toEqual(missing);
    await t.db.update(products).set({ status: 'draft' }).where(eq(products.id, school.productId));
    const draft = seen(await visitor()('getCourseSyllabus', { storeId: school.store.id, productId: school.productId }));
    await t.db.update(products).set({ status: 'published' }).where(eq(products.id, school.productId));
    expect(draft).toEqual(missing);
  });
});

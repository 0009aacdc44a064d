import { COURSE_MESSAGES as M, type CourseSyllabus } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '#src/db/schema/index.ts';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { asStudent, result, twoSchoolsSuite } from './member-course-fixtures.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));

describe('a course’s syllabus on its storefront page', () => {
  const s = twoSchoolsSuite(clock);

  const visitor = () => asStudent(s.t, null);

  it('gives any visitor the section and lesson titles, the free previews, media and lengths, and nothing else', async () => {
    const syllabus = await result<CourseSyllabus>(visitor()('getCourseSyllabus', { storeId: s.school.store.id, productId: s.school.productId }));
    expect(syllabus).toEqual({
      productId: s.school.productId,
      sections: [
        {
          id: s.school.sectionIds[0],
          title: 'Section 1',
          lessons: [
            { id: s.school.lessons.videoLesson, title: 'Welcome', freePreview: false, media: 'video', durationSeconds: 100 },
            { id: s.school.lessons.embedLesson, title: 'Lesson 2', freePreview: false, media: 'embed', durationSeconds: null },
          ],
        },
        {
          id: s.school.sectionIds[1],
          title: 'Section 2',
          lessons: [
            { id: s.school.lessons.lockedLesson, title: 'Lesson 1', freePreview: false, media: 'none', durationSeconds: null },
            { id: s.school.lessons.previewLesson, title: 'Lesson 2', freePreview: true, media: 'none', durationSeconds: null },
          ],
        },
      ],
    });
  });

  it('answers a draft, another store’s and a missing course alike', async () => {
    const missing = seen(await visitor()('getCourseSyllabus', { storeId: s.school.store.id, productId: missingId('prd') }));
    expect(missing).toMatchObject({ status: 404, body: { error: { message: M.courseNotFound } } });
    expect(seen(await visitor()('getCourseSyllabus', { storeId: s.school.store.id, productId: s.other.productId }))).toEqual(missing);
    await s.t.db.update(products).set({ status: 'draft' }).where(eq(products.id, s.school.productId));
    const draft = seen(await visitor()('getCourseSyllabus', { storeId: s.school.store.id, productId: s.school.productId }));
    await s.t.db.update(products).set({ status: 'published' }).where(eq(products.id, s.school.productId));
    expect(draft).toEqual(missing);
  });
});

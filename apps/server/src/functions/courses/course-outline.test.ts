import { COURSE_LIMITS as L, COURSE_MESSAGES as M, PRODUCT_MESSAGES, type CourseOutline, type CreatorLesson } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { courseLessons, courseSections } from '#src/db/schema/index.ts';
import { tickingClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { call, courseWithLesson, newCourse, newLesson, newSection, ok, outlineOf, publish, refusal, YOUTUBE, type Shop } from '#src/testing/course-editor.ts';

describe('a course’s outline: sections, drip, lessons, order', () => {
  const now = tickingClock(Date.parse('2030-06-01T12:00:00Z'));
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp({ now });
    const owner = await signedInCreator(t, { now: now() });
    shop = { owner, storeId: (await createStoreAs(t, owner, 'course-shop')).id };
  });
  afterAll(() => t?.close());

  /** Rows written straight to the database, to bring a course to a limit quickly. */
  async function fill(productId: string, sections: number, lessonsInFirst = 0) {
    const ids: string[] = [];
    for (let position = 0; position < sections; position++) {
      const id = newId('csec');
      ids.push(id);
      await t.db.insert(courseSections).values({ id, storeId: shop.storeId, productId, title: `S${position}`, position });
    }
    if (lessonsInFirst > 0) {
      await t.db.insert(courseLessons).values(Array.from({ length: lessonsInFirst }, (_, position) => ({ id: newId('les'), storeId: shop.storeId, productId, sectionId: ids[0]!, title: `L${position}`, position })));
    }
    return ids;
  }

  it('is a product of its own type: a draft until it has a lesson, sold like a download, and it cannot change type', async () => {
    const course = await newCourse(t, shop);
    expect(course).toMatchObject({ type: 'course', status: 'draft', ctaLabel: 'Enrol now', priceCents: 4900, files: [] });
    expect(await refusal(call(t, shop, 'updateProduct', { productId: course.id, status: 'published' }))).toEqual({ status: 400, message: PRODUCT_MESSAGES.publishNeedsLesson });
    expect(await refusal(call(t, shop, 'createProduct', { type: 'course', title: 'Straight to sale', priceMode: 'fixed', priceCents: 900, status: 'published' }))).toEqual({ status: 400, message: PRODUCT_MESSAGES.publishNeedsLesson });
    const outline = await newSection(t, shop, course.id);
    await newLesson(t, shop, outline.sections[0]!.id);
    expect((await publish(t, shop, course.id)).status).toBe('published');
    expect(await refusal(call(t, shop, 'updateProduct', { productId: course.id, type: 'digital' }))).toEqual({ status: 400, message: PRODUCT_MESSAGES.courseTypeFixed });
    const download = await newCourse(t, shop, { type: 'digital', title: 'Zine' });
    expect(await refusal(call(t, shop, 'updateProduct', { productId: download.id, type: 'course' }))).toEqual({ status: 400, message: PRODUCT_MESSAGES.courseTypeFixed });
  });

  it('adds sections last with their drip, renames them, changes the drip and deletes them with their lessons', async () => {
    const course = await newCourse(t, shop);
    await newSection(t, shop, course.id, { title: 'Start here' });
    await newSection(t, shop, course.id, { title: 'Week two', drip: { kind: 'after-days', days: 7 } });
    let outline = await newSection(t, shop, course.id, { title: 'Bonus', drip: { kind: 'on-date', date: '2030-09-01T09:00:00.000Z' } });
    expect(outline.sections.map((section) => [section.title, section.position, section.drip])).toEqual([
      ['Start here', 0, { kind: 'immediately' }],
      ['Week two', 1, { kind: 'after-days', days: 7 }],
      ['Bonus', 2, { kind: 'on-date', date: '2030-09-01T09:00:00.000Z' }],
    ]);
    const [first, second, third] = outline.sections.map((section) => section.id) as [string, string, string];
    await newLesson(t, shop, third);
    outline = await ok<CourseOutline>(call(t, shop, 'renameCourseSection', { sectionId: first, title: '  Welcome  ' }));
    expect(outline.sections[0]!.title).toBe('Welcome');
    outline = await ok<CourseOutline>(call(t, shop, 'setSectionDrip', { sectionId: second, drip: { kind: 'immediately' } }));
    expect(outline.sections[1]!.drip).toEqual({ kind: 'immediately' });
    outline = await ok<CourseOutline>(call(t, shop, 'deleteCourseSection', { sectionId: third }));
    expect(outline.sections.map((section) => section.id)).toEqual([first, second]);
    expect(outline.lessonCount).toBe(0);
    expect(await outlineOf(t, shop, course.id)).toEqual(outline);
  });

  it('takes section titles and drip days up to their limits and refuses one past them', async () => {
    const course = await newCourse(t, shop);
    const [sectionId] = await fill(course.id, 1);
    const title = (value: string) => call(t, shop, 'renameCourseSection', { sectionId, title: value });
    const drip = (days: number) => call(t, shop, 'setSectionDrip', { sectionId, drip: { kind: 'after-days', days } });
    expect((await ok<CourseOutline>(title('t'.repeat(L.sectionTitleMax)))).sections[0]!.title).toHaveLength(L.sectionTitleMax);
    expect(await refusal(title('t'.repeat(L.sectionTitleMax + 1)))).toEqual({ status: 400, message: M.sectionTitleTooLong });
    expect(await refusal(title('   '))).toEqual({ status: 400, message: M.sectionTitleRequired });
    expect((await ok<CourseOutline>(drip(L.dripDaysMin))).sections[0]!.drip).toEqual({ kind: 'after-days', days: 1 });
    expect((await ok<CourseOutline>(drip(L.dripDaysMax))).sections[0]!.drip).toEqual({ kind: 'after-days', days: 3650 });
    expect(await refusal(drip(L.dripDaysMin - 1))).toEqual({ status: 400, message: M.dripDays });
    expect(await refusal(drip(L.dripDaysMax + 1))).toEqual({ status: 400, message: M.dripDays });
    expect(await refusal(call(t, shop, 'setSectionDrip', { sectionId, drip: { kind: 'on-date', date: 'next week' } }))).toEqual({ status: 400, message: M.dripDate });
  });

  it('takes the 50th section and refuses the 51st', async () => {
    const course = await newCourse(t, shop);
    await fill(course.id, L.sectionsPerCourse - 1);
    expect((await newSection(t, shop, course.id)).sections).toHaveLength(L.sectionsPerCourse);
    expect(await refusal(call(t, shop, 'createCourseSection', { productId: course.id, title: 'One more' }))).toEqual({ status: 400, message: M.tooManySections });
  });

  it('takes the 500th lesson and refuses the 501st', async () => {
    const course = await newCourse(t, shop);
    const [sectionId] = await fill(course.id, 1, L.lessonsPerCourse - 1);
    expect((await newLesson(t, shop, sectionId!)).position).toBe(L.lessonsPerCourse - 1);
    expect(await refusal(call(t, shop, 'createCourseLesson', { sectionId, title: 'One more' }))).toEqual({ status: 400, message: M.tooManyLessons });
  });

  it('creates and updates lessons: title limits, the body sanitised as product descriptions are, free preview, embeds checked', async () => {
    const { sectionId } = await courseWithLesson(t, shop);
    const lesson = await newLesson(t, shop, sectionId, {
      title: 'Inks',
      bodyHtml: '<p onclick="x()">Mix <strong>slowly</strong><script>alert(1)</script> <a href="javascript:alert(1)">here</a></p>',
      freePreview: true,
      embedUrl: YOUTUBE,
    });
    expect(lesson).toMatchObject({ title: 'Inks', bodyHtml: '<p>Mix <strong>slowly</strong> <a rel="noopener noreferrer nofollow" target="_blank">here</a></p>', freePreview: true, embedUrl: YOUTUBE, video: null, files: [], position: 1 });
    const update = (changes: Record<string, unknown>) => call(t, shop, 'updateCourseLesson', { lessonId: lesson.id, ...changes });
    expect(await ok<CreatorLesson>(update({ title: 'Inks and paper', freePreview: false, embedUrl: null }))).toMatchObject({ title: 'Inks and paper', freePreview: false, embedUrl: null, bodyHtml: lesson.bodyHtml });
    expect((await ok<CreatorLesson>(update({ title: 'l'.repeat(L.lessonTitleMax) }))).title).toHaveLength(L.lessonTitleMax);
    expect(await refusal(update({ title: 'l'.repeat(L.lessonTitleMax + 1) }))).toEqual({ status: 400, message: M.lessonTitleTooLong });
    expect(await refusal(update({ title: '' }))).toEqual({ status: 400, message: M.lessonTitleRequired });
    expect(await refusal(update({ embedUrl: 'https://evil.example/watch?v=dQw4w9WgXcQ' }))).toEqual({ status: 400, message: M.embedUrlInvalid });
    const body = (length: number) => `<p>${'b'.repeat(length - 7)}</p>`;
    expect((await ok<CreatorLesson>(update({ bodyHtml: body(L.lessonBodyMax) }))).bodyHtml).toHaveLength(L.lessonBodyMax);
    expect(await refusal(update({ bodyHtml: body(L.lessonBodyMax + 1) }))).toEqual({ status: 400, message: M.lessonBodyTooLong });
    expect(await refusal(update({ bodyHtml: 'b'.repeat(L.lessonBodyMax * 2 + 1) }))).toEqual({ status: 400, message: M.lessonBodyTooLong });
    expect(await ok<CreatorLesson>(call(t, shop, 'getCourseLesson', { lessonId: lesson.id }))).toMatchObject({ title: 'l'.repeat(L.lessonTitleMax), bodyHtml: body(L.lessonBodyMax) });
  });

  it('deletes lessons, but a published course keeps one', async () => {
    const { product, sectionId, lessonId } = await courseWithLesson(t, shop);
    const second = await newLesson(t, shop, sectionId, { title: 'Second' });
    await publish(t, shop, product.id);
    const outline = await ok<CourseOutline>(call(t, shop, 'deleteCourseLesson', { lessonId: second.id }));
    expect(outline.sections[0]!.lessons.map((lesson) => lesson.id)).toEqual([lessonId]);
    expect(await refusal(call(t, shop, 'deleteCourseLesson', { lessonId }))).toEqual({ status: 400, message: M.lastLesson });
    expect(await refusal(call(t, shop, 'deleteCourseSection', { sectionId }))).toEqual({ status: 400, message: M.lastLesson });
    expect((await outlineOf(t, shop, product.id)).lessonCount).toBe(1);
  });

  it('reorders sections and lessons from one full list, moving a lesson across sections', async () => {
    const course = await newCourse(t, shop);
    await newSection(t, shop, course.id, { title: 'A' });
    const { sections } = await newSection(t, shop, course.id, { title: 'B' });
    const [a, b] = sections.map((section) => section.id) as [string, string];
    const a1 = (await newLesson(t, shop, a, { title: 'a1' })).id;
    const a2 = (await newLesson(t, shop, a, { title: 'a2' })).id;
    const b1 = (await newLesson(t, shop, b, { title: 'b1' })).id;
    const reorder = (list: { sectionId: string; lessonIds: string[] }[]) => call(t, shop, 'reorderCourseOutline', { productId: course.id, sections: list });
    const outline = await ok<CourseOutline>(reorder([{ sectionId: b, lessonIds: [a2, b1] }, { sectionId: a, lessonIds: [a1] }]));
    expect(outline.sections.map((section) => [section.title, section.lessons.map((lesson) => [lesson.title, lesson.position])])).toEqual([
      ['B', [['a2', 0], ['b1', 1]]],
      ['A', [['a1', 0]]],
    ]);
    const stale = [
      [{ sectionId: b, lessonIds: [a2, b1] }],
      [{ sectionId: b, lessonIds: [a2] }, { sectionId: a, lessonIds: [a1] }],
      [{ sectionId: b, lessonIds: [a2, b1, a1] }, { sectionId: a, lessonIds: [a1] }],
      [{ sectionId: b, lessonIds: [a2, b1] }, { sectionId: b, lessonIds: [a1] }],
      [{ sectionId: b, lessonIds: [a2, b1, newId('les')] }, { sectionId: a, lessonIds: [a1] }],
    ];
    for (const list of stale) expect(await refusal(reorder(list))).toEqual({ status: 400, message: M.reorderMismatch });
    expect(await outlineOf(t, shop, course.id)).toEqual(outline);
  });
});

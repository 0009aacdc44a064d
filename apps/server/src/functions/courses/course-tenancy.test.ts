import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { lessonFiles } from '#src/db/schema/index.ts';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { seen } from '#src/testing/call-function.ts';
import { seedEnrolment } from '#src/testing/courses.ts';
import { tickingClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedCustomer } from '#src/testing/orders.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { call, courseWithLesson, newCourse, type Shop } from '#src/testing/course-editor.ts';

describe('course functions: another store’s ids answer exactly like missing ones', () => {
  const now = tickingClock(Date.parse('2030-06-01T12:00:00Z'));
  let t: TestApp;
  let mine: Shop;
  let theirs: { storeId: string; productId: string; sectionId: string; lessonId: string; fileId: string; enrolmentId: string; downloadId: string };

  beforeAll(async () => {
    t = await createTestApp({ now });
    const owner = await signedInCreator(t, { now: now() });
    mine = { owner, storeId: (await createStoreAs(t, owner, 'mine-courses')).id };
    await courseWithLesson(t, mine);
    const stranger = await signedInCreator(t, { now: now() });
    const other: Shop = { owner: stranger, storeId: (await createStoreAs(t, stranger, 'their-courses')).id };
    const { product, sectionId, lessonId } = await courseWithLesson(t, other);
    const fileId = newId('lfile');
    await t.db.insert(lessonFiles).values({ id: fileId, storeId: other.storeId, lessonId, name: 'a.pdf', sizeBytes: 1, contentType: 'application/pdf', storageKey: `${other.storeId}/courses/files/${fileId}`, sha256: 'x', position: 0 });
    const customer = await seedCustomer(t, other.storeId);
    const enrolmentId = await seedEnrolment(t, { storeId: other.storeId, productId: product.id, customerId: customer.id, enrolledAt: now() });
    const download = await newCourse(t, mine, { type: 'digital', title: 'Not a course' });
    theirs = { storeId: other.storeId, productId: product.id, sectionId, lessonId, fileId, enrolmentId, downloadId: download.id };
  });
  afterAll(() => t?.close());

  const cases: [string, (ids: Record<string, string>) => Record<string, unknown>, Record<string, string>, Record<string, string>][] = [];
  const product = (name: string, extra: Record<string, unknown> = {}) => cases.push([name, ({ productId }) => ({ productId, ...extra }), { productId: 'productId' }, { productId: 'prd' }]);
  const section = (name: string, extra: Record<string, unknown> = {}) => cases.push([name, ({ sectionId }) => ({ sectionId, ...extra }), { sectionId: 'sectionId' }, { sectionId: 'csec' }]);
  const lesson = (name: string, extra: Record<string, unknown> = {}) => cases.push([name, ({ lessonId }) => ({ lessonId, ...extra }), { lessonId: 'lessonId' }, { lessonId: 'les' }]);
  product('getCourseOutline');
  product('createCourseSection', { title: 'Mine now' });
  product('reorderCourseOutline', { sections: [] });
  product('listCourseStudents');
  section('renameCourseSection', { title: 'Mine now' });
  section('setSectionDrip', { drip: { kind: 'immediately' } });
  section('deleteCourseSection');
  section('createCourseLesson', { title: 'Mine now' });
  lesson('getCourseLesson');
  lesson('updateCourseLesson', { title: 'Mine now' });
  lesson('deleteCourseLesson');
  cases.push(['deleteLessonFile', ({ fileId }) => ({ fileId }), { fileId: 'fileId' }, { fileId: 'lfile' }]);
  cases.push(['unlockCourseForStudent', ({ enrolmentId }) => ({ enrolmentId }), { enrolmentId: 'enrolmentId' }, { enrolmentId: 'enr' }]);

  for (const [name, data, keys, prefixes] of cases) {
    it(`${name}: another store’s id and a missing id give the same answer, and change nothing`, async () => {
      const foreign = Object.fromEntries(Object.entries(keys).map(([key, from]) => [key, theirs[from as keyof typeof theirs]]));
      const missing = Object.fromEntries(Object.entries(prefixes).map(([key, prefix]) => [key, missingId(prefix)]));
      const answer = seen(await call(t, mine, name, data(foreign)));
      expect(answer.status).toBe(404);
      expect(answer).toEqual(seen(await call(t, mine, name, data(missing))));
    });
  }

  it('a product of the store that is not a course answers like a missing course', async () => {
    const answer = seen(await call(t, mine, 'getCourseOutline', { productId: theirs.downloadId }));
    expect(answer).toEqual(seen(await call(t, mine, 'getCourseOutline', { productId: missingId('prd') })));
  });

  it('their store itself answers like a missing store, and a signed-out caller is refused', async () => {
    const { storeId } = theirs;
    const answer = seen(await call(t, mine, 'getCourseOutline', { storeId, productId: theirs.productId }));
    expect(answer).toEqual(seen(await call(t, mine, 'getCourseOutline', { storeId: missingId('store'), productId: theirs.productId })));
    const anonymous = await t.app.inject({ method: 'POST', url: '/fn/getCourseOutline', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ data: { storeId, productId: theirs.productId } }) });
    expect(anonymous.statusCode).toBe(401);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { courseLessons, lessonFiles, products, videoAssets, type CourseSectionRow } from '#src/db/schema/index.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { signedInMember } from '#src/testing/affiliate-accounts.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { seedCourse, seedEnrolment } from '#src/testing/courses.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

/** A store with a published course (a dripped second section, a free preview, a video, an embed and a file) and an enrolled student. */
let counter = 0;
export const DAY_MS = 24 * 60 * 60 * 1000;

export async function courseStore(t: TestApp, now: Date, options: { testMode?: boolean } = {}) {
  const owner = await signedInCreator(t, { now });
  const store = await createStoreAs(t, owner, `school-${++counter}-${now.getTime().toString(36)}`);
  const week: Pick<CourseSectionRow, 'dripKind' | 'dripDays' | 'dripDate'> = { dripKind: 'after-days', dripDays: 7, dripDate: null };
  const { productId, outline } = await seedCourse(t, store.id, [{ lessons: [{}, {}] }, { drip: week, lessons: [{}, { freePreview: true }] }]);
  await t.db.update(products).set({ status: 'published', title: 'Print at Home' }).where(eq(products.id, productId));
  const [[videoLesson, embedLesson], [lockedLesson, previewLesson]] = outline.map((section) => section.lessonIds) as [[string, string], [string, string]];
  const assetId = newId('vid');
  await t.db.insert(videoAssets).values({ id: assetId, storeId: store.id, productId, originalKey: `${store.id}/courses/videos/${assetId}/original`, originalName: 'a.mp4', originalSizeBytes: 10, originalContentType: 'video/mp4', status: 'ready', progressPercent: 100, durationSeconds: 100, hlsPrefix: `${store.id}/courses/videos/${assetId}/hls-r1`, readyAt: now });
  await t.db.update(courseLessons).set({ videoAssetId: assetId, title: 'Welcome', bodyHtml: '<p>Hello</p>' }).where(eq(courseLessons.id, videoLesson));
  await t.db.update(courseLessons).set({ embedUrl: 'https://youtu.be/dQw4w9WgXcQ' }).where(eq(courseLessons.id, embedLesson));
  const fileId = newId('lfile');
  const key = `${store.id}/courses/files/${fileId}`;
  await storageFromEnv(t.env).put(key, Buffer.from('worksheet'));
  await t.db.insert(lessonFiles).values({ id: fileId, storeId: store.id, lessonId: embedLesson, name: 'Worksheet.pdf', sizeBytes: 9, contentType: 'application/pdf', storageKey: key, sha256: 'x', position: 0 });
  const student = await signedInMember(t, store.id, { now });
  const enrolmentId = await seedEnrolment(t, { storeId: store.id, productId, customerId: student.id, enrolledAt: now, testMode: options.testMode ?? false });
  const stranger = await signedInMember(t, store.id, { now });
  const [sectionIds] = [outline.map((section) => section.sectionId)];
  return { owner, store, productId, sectionIds, lessons: { videoLesson, embedLesson, lockedLesson, previewLesson }, fileId, student, stranger, enrolmentId };
}

export type CourseStore = Awaited<ReturnType<typeof courseStore>>;

/**
 * For one describe block: an app on `clock` with two course stores, `school` under test and `other`
 * for the foreign-id checks, made before its tests and closed after (read them inside the tests).
 */
export function twoSchoolsSuite(clock: { now: () => Date }) {
  const suite = { t: undefined as unknown as TestApp, school: undefined as unknown as CourseStore, other: undefined as unknown as CourseStore };
  beforeAll(async () => {
    suite.t = await createTestApp({ now: clock.now });
    suite.school = await courseStore(suite.t, clock.now());
    suite.other = await courseStore(suite.t, clock.now());
  });
  afterAll(() => suite.t?.close());
  return suite;
}

export const asStudent = (t: TestApp, who: { headers: Record<string, string> } | null) => (name: string, data: Record<string, unknown>) =>
  callFunction(t.app, name, data, who ? { as: who } : {});

export async function result<T>(reply: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const response = await reply;
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return (response.json() as { result: T }).result;
}


import { inflateSync } from 'node:zlib';
import { COURSE_MESSAGES as M, courseCertificatePath, type CourseOutline, type MyCourse } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, lessonProgress, stores } from '#src/db/schema/index.ts';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { errorOf, seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { asStudent, courseStore, result, type CourseStore } from './member-course-fixtures.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));

/** The strings a PDF draws: every `<hex> Tj` of its (deflated) content streams, decoded as WinAnsi. */
function pdfTexts(bytes: Buffer): string[] {
  const raw = bytes.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/\/FlateDecode[^>]*>>\s*stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) texts.push(Buffer.from(shown[1]!, 'hex').toString('latin1'));
  }
  return texts;
}

describe('the certificate of completion', () => {
  let t: TestApp;
  let school: CourseStore;
  let other: CourseStore;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    school = await courseStore(t, clock.now());
    other = await courseStore(t, clock.now());
    await t.db.update(stores).set({ name: 'Inkwell School', timeZone: 'Pacific/Auckland' }).where(eq(stores.id, school.store.id));
    await t.db.update(customers).set({ name: 'Ada Lovelace' }).where(eq(customers.id, school.student.id));
  });
  afterAll(() => t?.close());

  const creator = () => asStudent(t, school.owner);
  const student = () => asStudent(t, school.student);
  const download = (who: { headers: Record<string, string> } | null, productId = school.productId, storeId = school.store.id) =>
    t.app.inject({ method: 'GET', url: courseCertificatePath(storeId, productId), headers: who?.headers ?? {} });
  const status = async () => (await result<MyCourse>(student()('getMyCourse', { storeId: school.store.id, productId: school.productId }))).certificate;
  const complete = (lessonIds: string[]) =>
    t.db.insert(lessonProgress).values(lessonIds.map((lessonId) => ({ enrolmentId: school.enrolmentId, lessonId, storeId: school.store.id, completedAt: clock.now(), updatedAt: clock.now() })));

  it('is off until the creator turns it on, and the download says so', async () => {
    expect((await result<CourseOutline>(creator()('getCourseOutline', { storeId: school.store.id, productId: school.productId }))).certificateEnabled).toBe(false);
    expect(await status()).toBe('off');
    const refused = await download(school.student);
    expect([refused.statusCode, errorOf(refused).message]).toEqual([400, M.certificateOff]);
  });

  it('turns on for its course only; another creator’s course answers like a missing one', async () => {
    const on = await result<CourseOutline>(creator()('setCourseCertificate', { storeId: school.store.id, productId: school.productId, enabled: true }));
    expect(on.certificateEnabled).toBe(true);
    expect((await result<CourseOutline>(asStudent(t, other.owner)('getCourseOutline', { storeId: other.store.id, productId: other.productId }))).certificateEnabled).toBe(false);
    const missing = seen(await creator()('setCourseCertificate', { storeId: school.store.id, productId: missingId('prd'), enabled: true }));
    expect(missing.status).toBe(404);
    expect(seen(await creator()('setCourseCertificate', { storeId: school.store.id, productId: other.productId, enabled: true }))).toEqual(missing);
    expect((await asStudent(t, other.owner)('setCourseCertificate', { storeId: school.store.id, productId: school.productId, enabled: false })).statusCode).toBe(404);
    expect(await status()).toBe('incomplete');
  });

  it('is refused until every lesson is complete: three of four is not enough', async () => {
    await complete([school.lessons.videoLesson, school.lessons.embedLesson, school.lessons.lockedLesson]);
    expect(await status()).toBe('incomplete');
    const refused = await download(school.student);
    expect([refused.statusCode, errorOf(refused).message]).toEqual([400, M.certificateIncomplete]);
  });

  it('once complete, is a PDF with the student, the course, the store and the date in the store’s time zone', async () => {
    await complete([school.lessons.previewLesson]);
    expect(await status()).toBe('ready');
    const reply = await download(school.student);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toContain('attachment; filename="Certificate - Print at Home.pdf"');
    expect(reply.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // 12:00 UTC on June 1 is already June 2 in Auckland.
    expect(pdfTexts(reply.rawPayload)).toEqual(['CERTIFICATE OF COMPLETION', 'This certifies that', 'Ada Lovelace', 'has completed the course', 'Print at Home', 'Completed on June 2, 2030', 'Inkwell School']);
  });

  it('shows the email when the student gave no name', async () => {
    await t.db.update(customers).set({ name: '' }).where(eq(customers.id, school.student.id));
    const texts = pdfTexts((await download(school.student)).rawPayload);
    await t.db.update(customers).set({ name: 'Ada Lovelace' }).where(eq(customers.id, school.student.id));
    expect(texts[2]).toBe(school.student.email);
  });

  it('answers another student’s, another store’s and a missing course alike, and needs the store’s session', async () => {
    const missing = await download(school.student, missingId('prd'));
    expect([missing.statusCode, errorOf(missing).message]).toEqual([404, M.courseNotFound]);
    for (const reply of [await download(school.stranger), await download(school.student, other.productId)]) {
      expect(seen(reply)).toEqual(seen(missing));
    }
    expect((await download(null)).statusCode).toBe(401);
    // A session of another store is not this store's student.
    expect((await download(other.student)).statusCode).toBe(401);
    expect((await download(school.owner)).statusCode).toBe(401);
  });

  it('turns off again: the finished student is refused', async () => {
    await result(creator()('setCourseCertificate', { storeId: school.store.id, productId: school.productId, enabled: false }));
    expect(await status()).toBe('off');
    expect((await download(school.student)).statusCode).toBe(400);
  });
});

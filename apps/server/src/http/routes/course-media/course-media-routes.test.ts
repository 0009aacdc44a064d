import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { courseEnrolments, courseLessons, videoAssets, type VideoAssetRow } from '#src/db/schema/index.ts';
import { seedCourse, seedEnrolment } from '#src/testing/courses.ts';
import { MASTER_LINK_TTL_MS, signMediaToken } from '#src/domain/courses/media-tokens.ts';
import { mintLessonPlayback } from '#src/domain/courses/mint-lesson-playback.ts';
import { recordLessonProgress } from '#src/domain/courses/record-lesson-progress.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { manualClock } from '#src/testing/clock.ts';
import { seedCustomer, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { envWithDataDir } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { COURSE_MEDIA_MESSAGES } from './course-media-routes.ts';

const MASTER = '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-STREAM-INF:BANDWIDTH=1020800,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"\n360p/index.m3u8\n\n';
const RENDITION = '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:4.000000,\nseg_0000.ts\n#EXTINF:2.000000,\nseg_0001.ts\n#EXT-X-ENDLIST\n';
const SEGMENTS = [Buffer.from([0x47, 1, 2, 3]), Buffer.from([0x47, 4, 5])];
const ORIGINAL = Buffer.from('0123456789abcdefghij');

describe('signed lesson video links (decision 042)', () => {
  const setup = envWithDataDir();
  const clock = manualClock(new Date());
  let t: TestApp;
  let files: FileStorage;
  let a: SeededStore;
  let b: SeededStore;
  let course: Awaited<ReturnType<typeof seedCourse>>;
  let student: { id: string };
  let enrolmentId: string;

  /** A video asset as the transcode job leaves it, without running ffmpeg (the job's own test does). */
  async function seedAsset(storeId: string, productId: string, status: VideoAssetRow['status']) {
    const id = newId('vid');
    const prefix = `${storeId}/courses/videos/${id}/hls-1-test`;
    await files.put(`${storeId}/courses/videos/${id}/original`, ORIGINAL);
    if (status === 'ready') {
      await files.put(`${prefix}/master.m3u8`, Buffer.from(MASTER));
      await files.put(`${prefix}/360p/index.m3u8`, Buffer.from(RENDITION));
      for (const [index, bytes] of SEGMENTS.entries()) await files.put(`${prefix}/360p/seg_000${index}.ts`, bytes);
      await files.put(`${prefix}/poster.jpg`, Buffer.from([0xff, 0xd8, 0xff]));
    }
    await t.db.insert(videoAssets).values({
      id, storeId, productId, originalKey: `${storeId}/courses/videos/${id}/original`, originalName: 'a.mp4', originalSizeBytes: ORIGINAL.length, originalContentType: 'video/mp4',
      status, progressPercent: status === 'processing' ? 40 : 100, durationSeconds: status === 'original-only' ? null : 600,
      hlsPrefix: status === 'ready' ? prefix : null, posterKey: status === 'ready' ? `${prefix}/poster.jpg` : null,
    });
    return id;
  }
  const attach = (lessonId: string, videoAssetId: string) => t.db.update(courseLessons).set({ videoAssetId }).where(eq(courseLessons.id, lessonId));
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: new URL(url).pathname, headers });
  const uris = (playlist: string) => playlist.split('\n').filter((line) => line.length > 0 && !line.startsWith('#'));
  const lesson = (section: number, index: number) => course.outline[section]!.lessonIds[index]!;
  const mint = (lessonId: string, customerId: string | null = student.id) => mintLessonPlayback(t.db, t.env, { storeId: a.id, lessonId, customerId, now: clock.now() });
  async function masterUrl(lessonId: string, customerId: string | null = student.id) {
    const playback = await mint(lessonId, customerId);
    if (playback.kind !== 'hls') throw new Error(`expected hls, got ${playback.kind}`);
    return playback.masterUrl;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: setup.env, now: clock.now });
    files = storageFromEnv(t.env);
    [a, b] = [await seedStore(t), await seedStore(t)];
    course = await seedCourse(t, a.id, [{ lessons: [{}, { freePreview: true }, {}, {}] }]);
    student = await seedCustomer(t, a.id);
    enrolmentId = await seedEnrolment(t, { storeId: a.id, productId: course.productId, customerId: student.id, enrolledAt: clock.now() });
    await attach(lesson(0, 0), await seedAsset(a.id, course.productId, 'ready'));
    await attach(lesson(0, 1), await seedAsset(a.id, course.productId, 'ready'));
    await attach(lesson(0, 2), await seedAsset(a.id, course.productId, 'original-only'));
    await attach(lesson(0, 3), await seedAsset(a.id, course.productId, 'processing'));
  });
  afterAll(async () => {
    await t?.close();
    setup.cleanup();
  });

  it('serves the master playlist, the rendition playlist and its segments, each URI rewritten to its own signed link', async () => {
    const master = await get(await masterUrl(lesson(0, 0)));
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('private, no-store');
    const [variant] = uris(master.body);
    expect(variant).toMatch(/^http:\/\/localhost:3000\/api\/course-media\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}\/index\.m3u8$/);
    expect(master.body).toContain('RESOLUTION=640x360');

    const rendition = await get(variant!);
    expect(rendition.statusCode).toBe(200);
    expect(rendition.body).toContain('#EXT-X-ENDLIST');
    const segments = uris(rendition.body);
    expect(segments).toHaveLength(2);
    for (const [index, url] of segments.entries()) {
      const segment = await get(url);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(segment.rawPayload).toEqual(SEGMENTS[index]);
    }
  });

  it('answers 403 to an altered or expired link', async () => {
    const url = await masterUrl(lesson(0, 0));
    const [, token, name] = /\/api\/course-media\/([^/]+)\/(.+)$/.exec(url)!;
    const [body, signature] = token!.split('.');
    const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
    for (const altered of [`${flip(body!)}.${signature}`, `${body}.${flip(signature!)}`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/course-media/${altered}/${name}` });
      expect(response.statusCode).toBe(403);
      expect(response.body).toBe(COURSE_MEDIA_MESSAGES.invalid);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/course-media/${token}/poster.jpg` })).statusCode).toBe(403);
    clock.advance(MASTER_LINK_TTL_MS - 1_000);
    expect((await get(url)).statusCode).toBe(200);
    clock.advance(1_000);
    expect(await get(url)).toMatchObject({ statusCode: 403, body: COURSE_MEDIA_MESSAGES.expired });
  });

  it("answers another store's lesson exactly like a missing one", async () => {
    const expiresAt = clock.now().getTime() + 60_000;
    const link = (storeId: string, lessonId: string) => `/api/course-media/${signMediaToken(t.env, { storeId, lessonId, grant: enrolmentId, path: 'master.m3u8', expiresAt })}/master.m3u8`;
    const foreign = await t.app.inject({ method: 'GET', url: link(b.id, lesson(0, 0)) });
    const missing = await t.app.inject({ method: 'GET', url: link(a.id, newId('les')) });
    expect({ status: foreign.statusCode, body: foreign.body }).toEqual({ status: 404, body: COURSE_MEDIA_MESSAGES.notFound });
    expect({ status: missing.statusCode, body: missing.body }).toEqual({ status: foreign.statusCode, body: foreign.body });
  });

  it("a free preview plays without an enrolment; a preview link to another lesson is refused", async () => {
    expect((await get(await masterUrl(lesson(0, 1), null))).statusCode).toBe(200);
    await expect(mint(lesson(0, 0), null)).rejects.toMatchObject({ code: 'permission-denied' });
    const forged = signMediaToken(t.env, { storeId: a.id, lessonId: lesson(0, 0), grant: 'preview', path: 'master.m3u8', expiresAt: clock.now().getTime() + 60_000 });
    expect((await t.app.inject({ method: 'GET', url: `/api/course-media/${forged}/master.m3u8` })).statusCode).toBe(403);
  });

  it('an original-only video answers byte ranges', async () => {
    const playback = await mint(lesson(0, 2));
    if (playback.kind !== 'original') throw new Error(`expected original, got ${playback.kind}`);
    const whole = await get(playback.url);
    expect(whole).toMatchObject({ statusCode: 200, body: ORIGINAL.toString() });
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await get(playback.url, { range: 'bytes=5-9' });
    expect(part).toMatchObject({ statusCode: 206, body: '56789' });
    expect(part.headers['content-range']).toBe(`bytes 5-9/${ORIGINAL.length}`);
    expect(part.headers['content-type']).toBe('video/mp4');
    const past = await get(playback.url, { range: `bytes=${ORIGINAL.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${ORIGINAL.length}`);
  });

  it('says how far a video still transcoding is', async () => {
    expect(await mint(lesson(0, 3))).toEqual({ kind: 'processing', percent: 40 });
  });

  it("completes a lesson at 90 % of the server's duration of its video", async () => {
    const report = (positionSeconds: number) => recordLessonProgress(t.db, { storeId: a.id, customerId: student.id, lessonId: lesson(0, 0), report: { positionSeconds }, now: clock.now() });
    expect((await report(539)).completedAt).toBeNull();
    expect((await report(540)).completedAt).toEqual(clock.now());
  });

  it('a link stops working when the enrolment ends (refund), even before it expires', async () => {
    const url = await masterUrl(lesson(0, 0));
    expect((await get(url)).statusCode).toBe(200);
    await t.db.update(courseEnrolments).set({ endedAt: clock.now() }).where(eq(courseEnrolments.id, enrolmentId));
    expect(await get(url)).toMatchObject({ statusCode: 403, body: COURSE_MEDIA_MESSAGES.revoked });
  });
});

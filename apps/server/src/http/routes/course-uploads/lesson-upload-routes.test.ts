import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { COURSE_LIMITS as L, COURSE_MESSAGES as M, type CreatorLesson } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { jobs, lessonFiles, videoAssets } from '#src/db/schema/index.ts';
import { TRANSCODE_VIDEO_KIND } from '#src/domain/courses/video/transcode-video-job.ts';
import { call, courseWithLesson, newLesson, ok, refusal, YOUTUBE, type Shop } from '#src/testing/course-editor.ts';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { errorOf } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createStoreAs, envWithDataDir } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { PRODUCT_FILE_MESSAGES } from '../uploads/product-files.ts';

describe('lesson uploads: the video (queued for transcoding) and downloads', () => {
  const LIMIT = 64 * 1024;
  const setup = envWithDataDir({ PRODUCT_FILE_MAX_BYTES: String(LIMIT) });
  let t: TestApp;
  let shop: Shop;
  let stranger: Shop;

  beforeAll(async () => {
    t = await createTestApp({ env: setup.env });
    const owner = await signedInCreator(t);
    shop = { owner, storeId: (await createStoreAs(t, owner, 'lesson-uploads')).id };
    const other = await signedInCreator(t);
    stranger = { owner: other, storeId: (await createStoreAs(t, other, 'lesson-uploads-other')).id };
  });
  afterAll(async () => {
    await t?.close();
    setup.cleanup();
  });

  const put = (who: TestCreator | null, storeId: string, lessonId: string, kind: 'video' | 'files', body: Buffer, name = 'lesson.mp4') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/stores/${storeId}/courses/lessons/${lessonId}/${kind}`,
      headers: { 'content-type': kind === 'video' ? 'video/mp4' : 'application/pdf', 'x-file-name': name, ...(who?.headers ?? {}) },
      payload: body,
    });
  const stored = (folder: string) => {
    const directory = join(setup.dataDir, 'files', shop.storeId, 'courses', folder);
    return existsSync(directory) ? readdirSync(directory).sort() : [];
  };

  it('attaches an uploaded video and queues its transcode job; a new upload replaces it', async () => {
    const { lessonId } = await courseWithLesson(t, shop);
    const first = await put(shop.owner, shop.storeId, lessonId, 'video', randomBytes(LIMIT));
    expect(first.statusCode).toBe(201);
    const lesson = first.json() as CreatorLesson;
    expect(lesson.video).toMatchObject({ name: 'lesson.mp4', sizeBytes: LIMIT, status: 'queued', progressPercent: 0 });
    const [job] = await t.db.select().from(jobs).where(and(eq(jobs.kind, TRANSCODE_VIDEO_KIND), eq(jobs.idempotencyKey, `${TRANSCODE_VIDEO_KIND}:${lesson.video!.assetId}`)));
    expect(job?.payload).toEqual({ assetId: lesson.video!.assetId, storeId: shop.storeId });
    expect(stored('videos')).toEqual([lesson.video!.assetId]);

    const second = (await put(shop.owner, shop.storeId, lessonId, 'video', randomBytes(10))).json() as CreatorLesson;
    expect(second.video!.assetId).not.toBe(lesson.video!.assetId);
    expect(await t.db.select().from(videoAssets).where(eq(videoAssets.id, lesson.video!.assetId))).toEqual([]);
    expect(stored('videos')).toEqual([second.video!.assetId]);

    expect(await refusal(call(t, shop, 'updateCourseLesson', { lessonId, embedUrl: YOUTUBE }))).toEqual({ status: 400, message: M.embedAndVideo });
    expect((await ok<CreatorLesson>(call(t, shop, 'updateCourseLesson', { lessonId, removeVideo: true }))).video).toBeNull();
    expect(stored('videos')).toEqual([]);
  });

  it('refuses a video for a lesson with an embed, an empty body and one byte past the limit, storing nothing', async () => {
    const { sectionId, lessonId } = await courseWithLesson(t, shop);
    const embedded = await newLesson(t, shop, sectionId, { embedUrl: YOUTUBE });
    const before = stored('videos');
    const refused = await put(shop.owner, shop.storeId, embedded.id, 'video', randomBytes(10));
    expect([refused.statusCode, errorOf(refused).message]).toEqual([400, M.videoAndEmbed]);
    const empty = await put(shop.owner, shop.storeId, lessonId, 'video', Buffer.alloc(0));
    expect([empty.statusCode, errorOf(empty).message]).toEqual([400, PRODUCT_FILE_MESSAGES.empty]);
    const tooBig = await put(shop.owner, shop.storeId, lessonId, 'video', randomBytes(LIMIT + 1));
    expect([tooBig.statusCode, errorOf(tooBig).message]).toEqual([413, PRODUCT_FILE_MESSAGES.tooLarge(LIMIT)]);
    expect(stored('videos')).toEqual(before);
  });

  it('adds lesson files up to 10 and refuses the 11th; deleting one removes it', async () => {
    const { lessonId } = await courseWithLesson(t, shop);
    await t.db.insert(lessonFiles).values(Array.from({ length: L.filesPerLesson - 1 }, (_, position) => ({ id: newId('lfile'), storeId: shop.storeId, lessonId, name: `f${position}.pdf`, sizeBytes: 1, contentType: 'application/pdf', storageKey: `${shop.storeId}/courses/files/none-${position}`, sha256: 'x', position })));
    const tenth = await put(shop.owner, shop.storeId, lessonId, 'files', Buffer.from('%PDF-1.7'), 'Worksheet.pdf');
    expect(tenth.statusCode).toBe(201);
    const lesson = tenth.json() as CreatorLesson;
    expect(lesson.files.at(-1)).toMatchObject({ name: 'Worksheet.pdf', sizeBytes: 8, contentType: 'application/pdf' });
    const eleventh = await put(shop.owner, shop.storeId, lessonId, 'files', Buffer.from('x'));
    expect([eleventh.statusCode, errorOf(eleventh).message]).toEqual([400, M.tooManyFiles]);
    const fileId = lesson.files.at(-1)!.id;
    expect(stored('files')).toContain(fileId);
    const after = await ok<CreatorLesson>(call(t, shop, 'deleteLessonFile', { fileId }));
    expect(after.files).toHaveLength(L.filesPerLesson - 1);
    expect(stored('files')).not.toContain(fileId);
  });

  it('answers another store’s lesson like a missing one, and refuses a signed-out upload, before reading the body', async () => {
    const { lessonId } = await courseWithLesson(t, stranger);
    const foreign = await put(shop.owner, shop.storeId, lessonId, 'files', Buffer.from('x'));
    const missing = await put(shop.owner, shop.storeId, missingId('les'), 'files', Buffer.from('x'));
    expect([foreign.statusCode, foreign.json()]).toEqual([404, missing.json()]);
    expect((await put(shop.owner, shop.storeId, 'les_../../etc', 'files', Buffer.from('x'))).statusCode).toBe(404);
    expect((await put(null, stranger.storeId, lessonId, 'video', Buffer.from('x'))).statusCode).toBe(401);
  });
});

import { AppError, MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { jobs, videoAssets } from '#src/db/schema/index.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { claimDueJobs, markJobDone } from '#src/jobs/job-store.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { seedStore, type SeededStore } from '#src/testing/orders.ts';
import { envWithDataDir } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { assetRow, makeTestVideo, seedCourse, seedVideoAsset } from '#src/testing/courses.ts';
import { createVideoAsset } from './create-video-asset.ts';
import { createTranscodeVideoJob, TRANSCODE_LEASE_MS, TRANSCODE_VIDEO_KIND, VIDEO_MESSAGES, type TranscodeVideoJobOptions } from './transcode-video-job.ts';
import { videoRunPrefix } from './video-asset-keys.ts';

describe('the transcode job (decision 042)', () => {
  const setup = envWithDataDir();
  let t: TestApp;
  let files: FileStorage;
  let a: SeededStore;
  let b: SeededStore;
  let productId: string;
  let video: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ env: setup.env });
    files = storageFromEnv(t.env);
    [a, b] = [await seedStore(t), await seedStore(t)];
    productId = (await seedCourse(t, a.id, [])).productId;
    video = makeTestVideo(setup.dataDir, { width: 1280, height: 720, seconds: 2 });
  });
  afterAll(async () => {
    await t?.close();
    setup.cleanup();
  });

  const runner = (options: Partial<TranscodeVideoJobOptions> = {}, now?: () => Date) =>
    createJobRunner({ db: t.db, handlers: [createTranscodeVideoJob({ db: t.db, files, ...options })], log: silentLog, kinds: { only: [TRANSCODE_VIDEO_KIND] }, ...(now ? { now } : {}) });
  const jobOf = async (jobId: string) => (await t.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!;
  const text = async (key: string) => (await files.get(key))?.toString('utf8') ?? null;

  it('makes a poster, 360p and 720p renditions and a master playlist from a 2-second 720p video', async () => {
    const { assetId, jobId } = await seedVideoAsset(t, files, { storeId: a.id, productId, bytes: video });
    expect((await assetRow(t, assetId)).status).toBe('queued');
    expect(await runner().runDue()).toBe(1);

    const asset = await assetRow(t, assetId);
    expect(asset).toMatchObject({ status: 'ready', progressPercent: 100, width: 1280, height: 720, error: null });
    expect(asset.durationSeconds).toBeGreaterThan(1.9);
    expect(asset.durationSeconds).toBeLessThan(2.2);
    expect(asset.renditions.map(({ name, width, height }) => ({ name, width, height }))).toEqual([
      { name: '360p', width: 640, height: 360 },
      { name: '720p', width: 1280, height: 720 },
    ]);
    const master = await text(`${asset.hlsPrefix}/master.m3u8`);
    expect(master).toContain('360p/index.m3u8');
    expect(master).toContain('720p/index.m3u8');
    for (const rendition of asset.renditions) {
      const playlist = (await text(`${asset.hlsPrefix}/${rendition.playlist}`))!;
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const segments = playlist.split('\n').filter((line) => line.endsWith('.ts'));
      expect(segments.length).toBeGreaterThan(0);
      for (const segment of segments) expect((await files.get(`${asset.hlsPrefix}/${rendition.name}/${segment}`))?.[0]).toBe(0x47);
    }
    const poster = await files.get(asset.posterKey!);
    expect([...poster!.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(await jobOf(jobId)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('without ffmpeg the video is served as uploaded: original-only, and the job is done', async () => {
    const { assetId, jobId } = await seedVideoAsset(t, files, { storeId: a.id, productId, bytes: video });
    const missing = { ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: '/nonexistent/ffprobe' };
    expect(await runner({ tools: missing }).runDue()).toBe(1);
    expect(await assetRow(t, assetId)).toMatchObject({ status: 'original-only', hlsPrefix: null, renditions: [] });
    expect(await jobOf(jobId)).toMatchObject({ status: 'done' });
  });

  it('a file that is not a video fails with a message the creator can act on, once', async () => {
    const { assetId, jobId } = await seedVideoAsset(t, files, { storeId: a.id, productId, bytes: Buffer.from('plain text, not a video') });
    expect(await runner().runDue()).toBe(1);
    expect(await assetRow(t, assetId)).toMatchObject({ status: 'failed', error: VIDEO_MESSAGES.unreadable });
    expect(await jobOf(jobId)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it("a crashed server's run is taken over when its lease ends, restarted from scratch, and finishes once", async () => {
    const { assetId, jobId } = await seedVideoAsset(t, files, { storeId: a.id, productId, bytes: video });
    const crashedAt = new Date();
    const [crashed] = await claimDueJobs(t.db, { workerId: 'crashed-server', now: crashedAt, leaseMs: TRANSCODE_LEASE_MS, limit: 1, kinds: { only: [TRANSCODE_VIDEO_KIND] } });
    expect(crashed?.id).toBe(jobId);
    // What the crashed run left: the asset mid-way, half its segments in storage.
    await t.db.update(videoAssets).set({ status: 'processing', progressPercent: 40, transcodeRun: '1-dead' }).where(eq(videoAssets.id, assetId));
    const leftover = `${videoRunPrefix(a.id, assetId, '1-dead')}/360p/seg_0000.ts`;
    await files.put(leftover, Buffer.from('half a segment'));

    expect(await runner({}, () => new Date(crashedAt.getTime() + TRANSCODE_LEASE_MS - 1_000)).runDue()).toBe(0);
    const later = runner({}, () => new Date(crashedAt.getTime() + TRANSCODE_LEASE_MS + 1_000));
    expect(await later.runDue()).toBe(1);
    expect(await later.runDue()).toBe(0);

    const asset = await assetRow(t, assetId);
    expect(asset).toMatchObject({ status: 'ready', progressPercent: 100 });
    expect(asset.transcodeRun).toMatch(/^2-/);
    expect(await files.get(leftover)).toBeNull();
    expect(await jobOf(jobId)).toMatchObject({ status: 'done', attempts: 2 });
    // The crashed server, back, cannot record its run.
    expect(await markJobDone(t.db, crashed!, { now: new Date() })).toBe(false);
  });

  it('a run that loses its lease stops before ffmpeg starts and writes nothing', async () => {
    const { assetId, jobId } = await seedVideoAsset(t, files, { storeId: a.id, productId, bytes: video });
    const puts: string[] = [];
    const stealing: FileStorage = {
      ...files,
      async getStream(key, range) {
        await t.db.update(jobs).set({ lockedBy: 'another-server' }).where(eq(jobs.id, jobId));
        return files.getStream(key, range);
      },
      async putStream(key, body) {
        puts.push(key);
        return files.putStream(key, body);
      },
    };
    const lost = createJobRunner({ db: t.db, handlers: [createTranscodeVideoJob({ db: t.db, files: stealing })], log: silentLog, kinds: { only: [TRANSCODE_VIDEO_KIND] } });
    expect(await lost.runDue()).toBe(1);
    expect(puts).toEqual([]);
    expect(await assetRow(t, assetId)).toMatchObject({ status: 'processing', hlsPrefix: null });
    expect(await jobOf(jobId)).toMatchObject({ status: 'running', lockedBy: 'another-server' });
  });

  it("refuses another store's product exactly like a missing one", async () => {
    const base = { assetId: newId('vid'), originalKey: `${b.id}/courses/videos/x/original`, name: 'a.mp4', sizeBytes: 1, contentType: 'video/mp4', now: new Date() };
    const refusal = (call: Promise<unknown>) => call.then(() => null, (error: unknown) => (error instanceof AppError ? { code: error.code, message: error.message } : error));
    const foreign = await refusal(createVideoAsset(t.db, { ...base, storeId: b.id, productId }));
    const missing = await refusal(createVideoAsset(t.db, { ...base, storeId: b.id, productId: newId('prd') }));
    expect(foreign).toEqual({ code: 'not-found', message: MESSAGES.generic.notFound });
    expect(missing).toEqual(foreign);
  });
});

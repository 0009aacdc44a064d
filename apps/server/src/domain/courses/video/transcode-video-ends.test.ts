import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, videoAssets } from '#src/db/schema/index.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { claimDueJobs } from '#src/jobs/job-store.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { seedStore, type SeededStore } from '#src/testing/orders.ts';
import { envWithDataDir } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { assetRow, makeTestVideo, seedCourse, seedVideoAsset } from '#src/testing/courses.ts';
import { createTranscodeVideoJob, TRANSCODE_LEASE_MS, TRANSCODE_VIDEO_KIND, VIDEO_MESSAGES } from './transcode-video-job.ts';
import { videoAssetPrefix, videoOriginalKey } from './video-asset-keys.ts';

// How a transcode ends when the world changed under it: its asset replaced, or its last attempt gone.
describe('the end of a transcode job', () => {
  const setup = envWithDataDir();
  let t: TestApp;
  let files: FileStorage;
  let a: SeededStore;
  let productId: string;
  let video: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ env: setup.env });
    files = storageFromEnv(t.env);
    a = await seedStore(t);
    productId = (await seedCourse(t, a.id, [])).productId;
    video = makeTestVideo(setup.dataDir, { width: 640, height: 360, seconds: 1 });
  });
  afterAll(async () => {
    await t?.close();
    setup.cleanup();
  });

  const runner = (storage: FileStorage, now?: () => Date) =>
    createJobRunner({ db: t.db, handlers: [createTranscodeVideoJob({ db: t.db, files: storage })], log: silentLog, kinds: { only: [TRANSCODE_VIDEO_KIND] }, random: () => 0, ...(now ? { now } : {}) });
  const jobOf = async (jobId: string) => (await t.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!;

  it('a video replaced while it transcodes leaves no files behind once its job stops', async () => {
    const { assetId, jobId } = await seedVideoAsset(t, files, { storeId: a.id, productId, bytes: video });
    const puts: string[] = [];
    const replacing: FileStorage = {
      ...files,
      async putStream(key, body) {
        if (puts.length === 0) {
          // What replacing the lesson's video does meanwhile: the row goes, then its folder after commit.
          await t.db.delete(videoAssets).where(and(eq(videoAssets.id, assetId), eq(videoAssets.storeId, a.id)));
          await files.deletePrefix(videoAssetPrefix(a.id, assetId));
        }
        puts.push(key);
        return files.putStream(key, body);
      },
    };
    expect(await runner(replacing).runDue()).toBe(1);
    expect(puts.length).toBeGreaterThan(2);
    expect(puts.some((key) => key.endsWith('/master.m3u8'))).toBe(true);
    for (const key of puts) expect(await files.get(key)).toBeNull();
    expect(await files.get(videoOriginalKey(a.id, assetId))).toBeNull();
    expect(await jobOf(jobId)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('a video that is kept keeps its files (the clean-up only follows a delete)', async () => {
    const { assetId } = await seedVideoAsset(t, files, { storeId: a.id, productId, bytes: video });
    expect(await runner(files).runDue()).toBe(1);
    const asset = await assetRow(t, assetId);
    expect(asset.status).toBe('ready');
    expect(await files.get(`${asset.hlsPrefix}/master.m3u8`)).not.toBeNull();
    expect(await files.get(videoOriginalKey(a.id, assetId))).not.toBeNull();
  });

  const breaking: () => FileStorage = () => ({
    ...files,
    async getStream() {
      throw new Error('storage is unreachable');
    },
  });

  it('a failure before the last attempt keeps the video processing and retries the job', async () => {
    const { assetId, jobId } = await seedVideoAsset(t, files, { storeId: a.id, productId, bytes: video });
    await t.db.update(jobs).set({ maxAttempts: 2 }).where(eq(jobs.id, jobId));
    expect(await runner(breaking()).runDue()).toBe(1);
    expect(await jobOf(jobId)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await assetRow(t, assetId)).toMatchObject({ status: 'processing', error: null });
    await t.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, jobId)); // out of the next tests' way
  });

  it('a failure on the last attempt marks the video failed with a message the creator sees', async () => {
    const { assetId, jobId } = await seedVideoAsset(t, files, { storeId: a.id, productId, bytes: video });
    await t.db.update(jobs).set({ maxAttempts: 1 }).where(eq(jobs.id, jobId));
    expect(await runner(breaking()).runDue()).toBe(1);
    expect(await jobOf(jobId)).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('storage is unreachable') });
    expect(await assetRow(t, assetId)).toMatchObject({ status: 'failed', error: VIDEO_MESSAGES.gaveUp });
  });

  it('a server that crashed on the last attempt leaves the video failed, not processing for ever', async () => {
    const { assetId, jobId } = await seedVideoAsset(t, files, { storeId: a.id, productId, bytes: video });
    await t.db.update(jobs).set({ maxAttempts: 1 }).where(eq(jobs.id, jobId));
    const crashedAt = new Date();
    const [crashed] = await claimDueJobs(t.db, { workerId: 'crashed-server', now: crashedAt, leaseMs: TRANSCODE_LEASE_MS, limit: 1, kinds: { only: [TRANSCODE_VIDEO_KIND] } });
    expect(crashed?.id).toBe(jobId);
    await t.db.update(videoAssets).set({ status: 'processing', progressPercent: 60, transcodeRun: '1-dead' }).where(eq(videoAssets.id, assetId));

    expect(await runner(files, () => new Date(crashedAt.getTime() + TRANSCODE_LEASE_MS - 1_000)).runDue()).toBe(0);
    expect(await assetRow(t, assetId)).toMatchObject({ status: 'processing' });
    expect(await runner(files, () => new Date(crashedAt.getTime() + TRANSCODE_LEASE_MS + 1_000)).runDue()).toBe(1);
    expect(await jobOf(jobId)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await assetRow(t, assetId)).toMatchObject({ status: 'failed', error: VIDEO_MESSAGES.gaveUp });
  });
});

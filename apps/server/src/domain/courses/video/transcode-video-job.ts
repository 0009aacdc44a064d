// Exports createTranscodeVideoJob with its kind, lease, payload and messages: the durable HLS transcode.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { videoAssets, type VideoAssetRow } from '#src/db/schema/index.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import type { JobHandler } from '#src/jobs/types.ts';
import { throttleProgress } from './ffmpeg-progress.ts';
import { holdJobLease } from './hold-job-lease.ts';
import { probeVideo } from './probe-video.ts';
import { MASTER_NAME, POSTER_NAME, transcodeToHls } from './transcode-to-hls.ts';
import { videoAssetPrefix, videoRunPrefix } from './video-asset-keys.ts';
import { DEFAULT_VIDEO_TOOLS, runVideoTool, VideoToolFailedError, VideoToolMissingError, type VideoTools } from './video-tools.ts';

export const TRANSCODE_VIDEO_KIND = 'transcode-video';
export const TRANSCODE_LEASE_MS = 60_000;
export const VIDEO_MESSAGES = {
  noVideo: 'This file has no video we can play.',
  unreadable: 'This video could not be read. Please upload it again in another format.',
  gaveUp: 'We could not process this video. Please upload it again.',
} as const;

export interface TranscodeVideoJobOptions {
  db: Database;
  files: FileStorage;
  /** Default: ffmpeg and ffprobe from the PATH. */
  tools?: VideoTools;
  /** Where the original and the outputs are kept while ffmpeg works; default the system's temp folder. */
  workDir?: string;
  progressIntervalMs?: number;
  heartbeatMs?: number;
}

export interface TranscodeVideoPayload {
  assetId: string;
  storeId: string;
}

/**
 * Turns an uploaded video into HLS (decision 042). A run starts from scratch: a crashed server's
 * run is taken over when its lease ends and begins again under a new run name, and its leftovers
 * are removed. Without ffmpeg the asset becomes `original-only`; a file that is not a video `failed`.
 */
export function createTranscodeVideoJob(options: TranscodeVideoJobOptions): JobHandler {
  const { db, files } = options;
  const tools = options.tools ?? DEFAULT_VIDEO_TOOLS;
  return {
    kind: TRANSCODE_VIDEO_KIND,
    leaseMs: TRANSCODE_LEASE_MS,
    async run(job, ctx) {
      const { assetId, storeId } = job.payload as TranscodeVideoPayload;
      const lease = holdJobLease({ db, job, leaseMs: TRANSCODE_LEASE_MS, intervalMs: options.heartbeatMs ?? TRANSCODE_LEASE_MS / 4, now: ctx.now });
      const run = `${job.attempts}-${randomBytes(4).toString('hex')}`;
      const ours = and(eq(videoAssets.id, assetId), eq(videoAssets.storeId, storeId), eq(videoAssets.transcodeRun, run));
      const finish = (fields: Partial<VideoAssetRow>) =>
        db.transaction(async (tx) => {
          await tx.update(videoAssets).set({ ...fields, updatedAt: ctx.now() }).where(ours);
          await ctx.complete(tx);
        });
      const workDir = await mkdtemp(join(options.workDir ?? tmpdir(), 'shopfront-video-'));
      try {
        const asset = await startRun(db, { assetId, storeId, run, now: ctx.now(), checkLease: lease.check });
        if (!asset) return;
        if (asset.previousRun) await files.deletePrefix(videoRunPrefix(storeId, assetId, asset.previousRun));
        try {
          await assertToolsInstalled(tools);
        } catch (error) {
          if (!(error instanceof VideoToolMissingError)) throw error;
          ctx.log.warn({ assetId }, 'ffmpeg is not installed; serving the original video');
          return await finish({ status: 'original-only', progressPercent: 100, readyAt: ctx.now() });
        }
        const input = join(workDir, 'original');
        const stored = await files.getStream(asset.originalKey);
        if (!stored) return await finish({ status: 'failed', error: VIDEO_MESSAGES.unreadable });
        await pipeline(stored.stream, createWriteStream(input));
        await lease.check();
        const probe = await probeVideo(tools, input).catch((error: unknown) => {
          if (error instanceof VideoToolFailedError) return null;
          throw error;
        });
        if (!probe?.hasVideo) return await finish({ status: 'failed', error: probe ? VIDEO_MESSAGES.noVideo : VIDEO_MESSAGES.unreadable });
        await db.update(videoAssets).set({ durationSeconds: probe.durationSeconds, width: probe.width, height: probe.height, updatedAt: ctx.now() }).where(ours);
        const saveProgress = throttleProgress(
          (percent) => void db.update(videoAssets).set({ progressPercent: percent, updatedAt: ctx.now() }).where(ours).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not save transcode progress')),
          { intervalMs: options.progressIntervalMs ?? 3_000, now: ctx.now },
        );
        const outputDir = join(workDir, 'hls');
        await mkdir(outputDir);
        let renditions;
        try {
          renditions = await transcodeToHls({ tools, input, outputDir, probe, onPercent: saveProgress, signal: lease.signal });
        } catch (error) {
          if (error instanceof VideoToolFailedError) return await finish({ status: 'failed', error: VIDEO_MESSAGES.unreadable });
          throw error;
        }
        await lease.check();
        const prefix = videoRunPrefix(storeId, assetId, run);
        await uploadFolder(files, outputDir, prefix);
        await finish({ status: 'ready', progressPercent: 100, hlsPrefix: prefix, posterKey: `${prefix}/${POSTER_NAME}`, renditions, error: null, readyAt: ctx.now() });
      } finally {
        lease.release();
        await rm(workDir, { recursive: true, force: true });
        // Replaced or deleted while this run worked: its outputs went up after the delete removed the folder.
        if (await assetGone(db, assetId, storeId)) {
          await files.deletePrefix(videoAssetPrefix(storeId, assetId)).catch((error: unknown) => ctx.log.warn({ err: error, assetId }, 'orphan video files'));
        }
      }
    },
    // The last attempt's failure (a thrown error, or a lease that ran out on it) is the asset's too,
    // or it would say "processing" for ever. Called only once the job is recorded failed for good.
    async onGaveUp(job, at) {
      const { assetId, storeId } = job.payload as TranscodeVideoPayload;
      await db
        .update(videoAssets)
        .set({ status: 'failed', error: VIDEO_MESSAGES.gaveUp, updatedAt: at })
        .where(and(eq(videoAssets.id, assetId), eq(videoAssets.storeId, storeId), inArray(videoAssets.status, ['queued', 'processing'])));
    },
  };
}

async function assetGone(db: Database, assetId: string, storeId: string): Promise<boolean> {
  const [row] = await db.select({ id: videoAssets.id }).from(videoAssets).where(and(eq(videoAssets.id, assetId), eq(videoAssets.storeId, storeId)));
  return !row;
}

/**
 * Makes this run the asset's: `processing` from 0 %, under the lease (checked in the same
 * transaction). Null when there is nothing to do (the asset is gone or already finished).
 */
async function startRun(db: Database, options: { assetId: string; storeId: string; run: string; now: Date; checkLease: () => Promise<void> }) {
  return db.transaction(async (tx) => {
    const [asset] = await tx
      .select({ originalKey: videoAssets.originalKey, previousRun: videoAssets.transcodeRun })
      .from(videoAssets)
      .where(and(eq(videoAssets.id, options.assetId), eq(videoAssets.storeId, options.storeId), inArray(videoAssets.status, ['queued', 'processing'])))
      .for('update');
    if (!asset) return null;
    await options.checkLease();
    await tx.update(videoAssets).set({ status: 'processing', progressPercent: 0, transcodeRun: options.run, error: null, updatedAt: options.now }).where(eq(videoAssets.id, options.assetId));
    return asset;
  });
}

async function assertToolsInstalled(tools: VideoTools): Promise<void> {
  await runVideoTool(tools.ffprobePath, ['-version']);
  await runVideoTool(tools.ffmpegPath, ['-version']);
}

/** Every file under `folder`, put into storage under `prefix` with the same relative names; the master playlist last. */
async function uploadFolder(files: FileStorage, folder: string, prefix: string): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  const paths = entries.filter((entry) => entry.isFile()).map((entry) => relative(folder, join(entry.parentPath, entry.name)));
  paths.sort((a, b) => Number(a === MASTER_NAME) - Number(b === MASTER_NAME));
  for (const path of paths) await files.putStream(`${prefix}/${path.split('\\').join('/')}`, createReadStream(join(folder, path)));
}

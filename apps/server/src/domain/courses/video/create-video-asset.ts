import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { products, videoAssets } from '#src/db/schema/index.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { TRANSCODE_VIDEO_KIND, type TranscodeVideoPayload } from './transcode-video-job.ts';

export interface CreateVideoAssetOptions {
  storeId: string;
  productId: string;
  /** Where the upload already put the original (videoOriginalKey). */
  assetId: string;
  originalKey: string;
  name: string;
  sizeBytes: number;
  contentType: string;
  now: Date;
}

/**
 * The row of an uploaded video and its transcode job, in one transaction: a video exists only with
 * the job that will make it playable. The caller has checked the creator owns the store; the
 * product is looked up within it, so another store's product answers like a missing one.
 */
export async function createVideoAsset(db: Database, options: CreateVideoAssetOptions): Promise<{ assetId: string; jobId: string }> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, options.productId), eq(products.storeId, options.storeId)));
    if (!product) throw new AppError('not-found', MESSAGES.generic.notFound);
    await tx.insert(videoAssets).values({
      id: options.assetId,
      storeId: options.storeId,
      productId: product.id,
      originalKey: options.originalKey,
      originalName: options.name,
      originalSizeBytes: options.sizeBytes,
      originalContentType: options.contentType,
      createdAt: options.now,
      updatedAt: options.now,
    });
    const payload: TranscodeVideoPayload = { assetId: options.assetId, storeId: options.storeId };
    const { jobId } = await enqueueJob(tx, TRANSCODE_VIDEO_KIND, payload, { idempotencyKey: options.assetId });
    return { assetId: options.assetId, jobId };
  });
}

export const newVideoAssetId = () => newId('vid');

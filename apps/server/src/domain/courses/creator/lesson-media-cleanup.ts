// Exports deleteLessonsMedia and mediaCleanup: the rows a delete removes, then their files once it committed.
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { courseLessons, lessonFiles, videoAssets, type ProductRow } from '#src/db/schema/index.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import { videoAssetPrefix } from '../video/video-asset-keys.ts';

/** What a delete removes from storage once its transaction committed (a rollback keeps the files). */
export interface StoredMedia {
  prefixes: string[];
  keys: string[];
}

export interface MediaCleanup {
  removeStored(media: StoredMedia): Promise<void>;
}

/** Storage removal for handlers: failures are logged, never fail the delete (the rows are gone). */
export function mediaCleanup(files: FileStorage, log: { warn(object: object, message: string): void }): MediaCleanup {
  return {
    async removeStored(media) {
      for (const prefix of media.prefixes) await files.deletePrefix(prefix).catch((err: unknown) => log.warn({ err, prefix }, 'orphan course media'));
      for (const key of media.keys) await files.delete(key).catch((err: unknown) => log.warn({ err, key }, 'orphan course file'));
    },
  };
}

/**
 * Deletes the video asset rows and lesson file rows of one lesson, one section's lessons, or only
 * the given asset, and answers what to remove from storage after commit. Lesson rows themselves
 * go with their section's cascade or the caller's delete.
 */
export async function deleteLessonsMedia(
  tx: Executor,
  options: { product: Pick<ProductRow, 'id' | 'storeId'> } & ({ sectionId: string } | { lessonId: string } | { assetId: string }),
): Promise<StoredMedia> {
  const { product } = options;
  if ('assetId' in options) {
    await tx.delete(videoAssets).where(and(eq(videoAssets.id, options.assetId), eq(videoAssets.storeId, product.storeId)));
    return { prefixes: [videoAssetPrefix(product.storeId, options.assetId)], keys: [] };
  }
  const which = 'sectionId' in options ? eq(courseLessons.sectionId, options.sectionId) : eq(courseLessons.id, options.lessonId);
  const lessons = await tx
    .select({ id: courseLessons.id, videoAssetId: courseLessons.videoAssetId })
    .from(courseLessons)
    .where(and(which, eq(courseLessons.productId, product.id), eq(courseLessons.storeId, product.storeId)));
  if (lessons.length === 0) return { prefixes: [], keys: [] };
  const files = await tx
    .delete(lessonFiles)
    .where(inArray(lessonFiles.lessonId, lessons.map((lesson) => lesson.id)))
    .returning({ storageKey: lessonFiles.storageKey });
  const assetIds = lessons.flatMap((lesson) => (lesson.videoAssetId ? [lesson.videoAssetId] : []));
  if (assetIds.length > 0) await tx.delete(videoAssets).where(and(inArray(videoAssets.id, assetIds), eq(videoAssets.storeId, product.storeId)));
  return { prefixes: assetIds.map((id) => videoAssetPrefix(product.storeId, id)), keys: files.map((file) => file.storageKey) };
}

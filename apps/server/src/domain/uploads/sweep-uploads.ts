import { asc } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { stores } from '#src/db/schema/index.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import { findReferencedUploadNames, findStillReferenced } from './upload-references.ts';

/** Decision 012: an upload is kept at least this long, so one not saved into a draft or product yet survives. */
export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * How http/routes/uploads/uploads.ts names store avatars and product covers (WebP since images are re-encoded;
 * older files kept the uploaded type). Nothing else in a store's folder is ever swept: product
 * files live in `<storeId>/products/` and belong to orders.
 */
export const UPLOADED_IMAGE_NAME = /^(?:avatar|image)-[0-9a-f]{24}\.(?:png|jpg|webp|gif)$/;

export interface SweepUploadsOptions {
  db: Database;
  files: FileStorage;
  now: Date;
  /** Default: every store. */
  storeIds?: string[];
  graceMs?: number;
}

/**
 * Decision 012: deletes the uploaded images no row references any more (a replaced or removed
 * avatar or cover, a discarded draft's picture), once they are older than the grace period. A
 * candidate is checked again just before it goes, in one statement across every referencing
 * table, so an image a concurrent publish or save still needs is kept.
 */
export async function sweepUploads(options: SweepUploadsOptions): Promise<{ stores: number; deleted: string[] }> {
  const { db, files } = options;
  const cutoff = options.now.getTime() - (options.graceMs ?? UPLOAD_GRACE_MS);
  const storeIds = options.storeIds ?? (await db.select({ id: stores.id }).from(stores).orderBy(asc(stores.id))).map((row) => row.id);
  const referenced = await findReferencedUploadNames(db);
  const deleted: string[] = [];
  for (const storeId of storeIds) {
    const candidates = (await files.list(storeId)).flatMap((file) => {
      const name = file.key.slice(storeId.length + 1);
      const unused = UPLOADED_IMAGE_NAME.test(name) && file.modifiedAt.getTime() <= cutoff && !referenced.has(name);
      return unused ? [{ key: file.key, name }] : [];
    });
    const stillReferenced = await findStillReferenced(db, candidates.map((file) => file.name));
    for (const file of candidates) {
      if (stillReferenced.has(file.name)) continue;
      await files.delete(file.key);
      deleted.push(file.key);
    }
  }
  return { stores: storeIds.length, deleted };
}

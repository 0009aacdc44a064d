// Exports the product-file operations (assertProductAcceptsFile, recordProductFile, deleteProductFile,
// productFileKey, newProductFileId): one module because recording and deleting share the
// product-file rules (downloads only, not archived, the file count).
import { AppError, COMMERCE_MESSAGES, isDownloadType, PRODUCT_LIMITS, PRODUCT_MESSAGES, type Product } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { productFiles, type ProductRow, type StoreRow } from '#src/db/schema/index.ts';
import type { FileStorage, StoredFile } from '#src/files/file-storage.ts';
import type { Executor } from '#src/db/executor.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { assertNotArchived, getOwnedProduct } from './get-owned-product.ts';
import { getProductView } from './product-view.ts';
import { countFiles } from './update-product.ts';

interface ProductRef {
  storeId: string;
  productId: string;
  userId: string;
}

/** Downloads hold the files buyers get; a membership holds the files its tiers include (docs/memberships.md "Tier files"). */
const hasFiles = (type: ProductRow['type']) => isDownloadType(type) || type === 'membership';

/** Server-built (SECURITY: never a path from the client). */
export const productFileKey = (storeId: string, fileId: string) => `${storeId}/products/${fileId}`;

/** Checked before an upload's body is read, and again when its row is written. */
export async function assertProductAcceptsFile(
  db: Executor,
  options: ProductRef & { lock?: boolean },
): Promise<{ store: StoreRow; product: ProductRow }> {
  const { store, product } = await getOwnedProduct(db, options);
  assertNotArchived(product);
  if (!hasFiles(product.type)) throw new AppError('failed-precondition', PRODUCT_MESSAGES.onlyDownloadsHaveFiles);
  if ((await countFiles(db, product.id)) >= PRODUCT_LIMITS.filesPerProduct) {
    throw new AppError('failed-precondition', PRODUCT_MESSAGES.tooManyFiles, { filesPerProduct: PRODUCT_LIMITS.filesPerProduct });
  }
  return { store, product };
}

export interface RecordProductFileOptions extends ProductRef {
  db: Database;
  fileId: string;
  name: string;
  contentType: string;
  stored: StoredFile;
  now: Date;
}

/** The row of a file already in storage, under the product lock (the file limit holds under races). */
export async function recordProductFile(options: RecordProductFileOptions): Promise<Product> {
  const { db, now } = options;
  return db.transaction(async (tx) => {
    const { store, product } = await assertProductAcceptsFile(tx, { ...options, lock: true });
    await tx.insert(productFiles).values({
      id: options.fileId,
      productId: product.id,
      storeId: product.storeId,
      name: options.name,
      sizeBytes: options.stored.sizeBytes,
      sha256: options.stored.sha256,
      contentType: options.contentType,
      storageKey: productFileKey(product.storeId, options.fileId),
      createdAt: now,
    });
    await notifyStorefrontChanged(tx, store.id);
    return getProductView(tx, store, product.id);
  });
}

export const newProductFileId = () => newId('file');

export interface DeleteProductFileOptions {
  db: Database;
  files: FileStorage;
  userId: string;
  storeId: string;
  productId: string;
  fileId: string;
}

/**
 * deleteProductFile. A published download keeps at least one file (publishNeedsFile); an
 * archived product keeps all of them (its buyers still download them). A membership's file leaves
 * the tiers that included it (the rows cascade).
 */
export async function deleteProductFile(options: DeleteProductFileOptions): Promise<Product> {
  const { db } = options;
  const { product, key } = await db.transaction(async (tx) => {
    const { store, product } = await getOwnedProduct(tx, { ...options, lock: true });
    const [file] = await tx
      .select()
      .from(productFiles)
      .where(and(eq(productFiles.id, options.fileId), eq(productFiles.productId, product.id)));
    if (!file) throw new AppError('not-found', COMMERCE_MESSAGES.fileNotFound);
    assertNotArchived(product);
    if (isDownloadType(product.type) && product.status === 'published' && (await countFiles(tx, product.id)) <= 1) {
      throw new AppError('failed-precondition', PRODUCT_MESSAGES.publishNeedsFile);
    }
    await tx.delete(productFiles).where(eq(productFiles.id, file.id));
    await notifyStorefrontChanged(tx, store.id);
    return { product: await getProductView(tx, store, product.id), key: file.storageKey };
  });
  await options.files.delete(key);
  return product;
}

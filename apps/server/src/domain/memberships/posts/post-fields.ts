// Exports cleanPostBody, checkPostTiers and checkPostFiles: the checks every post write makes on its text, tiers and files.
import { AppError, MEMBERSHIP_POST_LIMITS as L, MEMBERSHIP_POST_MESSAGES as M } from '@shopfront/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipTiers, productFiles } from '#src/db/schema/index.ts';
import { fieldError } from '#src/domain/products/product-rules.ts';
import { sanitizePostBody } from './sanitize-post-body.ts';

/** The product editor's sanitiser with the store's own images, then the limit on what is kept (as a product description). */
export function cleanPostBody(html: string, storeId: string): string {
  const clean = sanitizePostBody(html, storeId);
  if (clean.length > L.bodyMax) throw fieldError('bodyHtml', M.bodyTooLong);
  return clean;
}

/**
 * The tiers a post names, each once, in the order given; every one must be a tier of this
 * membership (archived ones included: their members keep access). Another product's or store's
 * tier answers like a missing one. Null stays null: every tier.
 */
export async function checkPostTiers(db: Executor, productId: string, tierIds: string[] | null): Promise<string[] | null> {
  if (tierIds === null) return null;
  const unique = [...new Set(tierIds)];
  const found = await db
    .select({ id: membershipTiers.id })
    .from(membershipTiers)
    .where(and(eq(membershipTiers.productId, productId), inArray(membershipTiers.id, unique)));
  if (found.length !== unique.length) throw new AppError('not-found', M.tierNotFound);
  return unique;
}

/**
 * The files a post lists, each once, in the order given; every one must be a file uploaded on the
 * post's own membership product. Another product's or store's file answers like a missing one.
 */
export async function checkPostFiles(db: Executor, product: { id: string; storeId: string }, fileIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(fileIds)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: productFiles.id })
    .from(productFiles)
    .where(and(eq(productFiles.productId, product.id), eq(productFiles.storeId, product.storeId), inArray(productFiles.id, unique)));
  if (found.length !== unique.length) throw new AppError('not-found', M.fileNotFound);
  return unique;
}

// Exports cleanPostBody and checkPostTiers: the checks every post write makes on its text and tiers.
import { AppError, MEMBERSHIP_POST_LIMITS as L, MEMBERSHIP_POST_MESSAGES as M } from '@shopfront/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipTiers } from '#src/db/schema/index.ts';
import { fieldError } from '#src/domain/products/product-rules.ts';
import { sanitizeDescription } from '#src/domain/products/sanitize-description.ts';

/** The product editor's sanitiser, then the limit on what is kept (as a product description). */
export function cleanPostBody(html: string): string {
  const clean = sanitizeDescription(html);
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

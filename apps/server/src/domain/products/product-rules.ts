// Exports the product field rules (normaliseProductFields, fieldError, StoredProductFields): one module because
// create and update apply the same rules.
import { AppError, DEFAULT_CTA, PRODUCT_LIMITS, PRODUCT_MESSAGES, productRuleIssues, type ProductFields } from '@shopfront/core';
import { sanitizeDescription } from './sanitize-description.ts';

/** The editable fields as stored (no slug: that is picked separately). */
export type StoredProductFields = Omit<ProductFields, 'slug' | 'ctaLabel'> & { ctaLabel: string };

/**
 * The cross-field rules on the whole (merged) product, then the canonical form: a lead magnet is
 * always free, a free product carries no prices, only link products keep a link, and the
 * description is sanitised (its limit counts the sanitised HTML).
 */
export function normaliseProductFields(storeId: string, fields: Omit<ProductFields, 'slug'>): StoredProductFields {
  const merged = { ...fields };
  // The contract checks the URL's shape; only this store's own uploads may be its covers.
  if (merged.coverImageUrl && !merged.coverImageUrl.startsWith(`/files/${storeId}/`)) {
    throw fieldError('coverImageUrl', PRODUCT_MESSAGES.coverInvalid);
  }
  if (merged.type === 'lead-magnet') merged.priceMode = 'free';
  // A membership is priced by its tiers: the product's own price fields stay empty.
  if (merged.type === 'membership') Object.assign(merged, { priceMode: 'fixed', priceCents: 0, minPriceCents: 0, compareAtCents: null });
  const issue = productRuleIssues(merged)[0];
  if (issue) throw fieldError(issue.path, issue.message);
  if (merged.priceMode === 'free') Object.assign(merged, { priceCents: 0, minPriceCents: 0, compareAtCents: null });
  if (merged.priceMode === 'fixed') merged.minPriceCents = 0;
  if (merged.type !== 'link') merged.externalUrl = null;
  const descriptionHtml = sanitizeDescription(merged.descriptionHtml);
  if (descriptionHtml.length > PRODUCT_LIMITS.descriptionMax) throw fieldError('descriptionHtml', PRODUCT_MESSAGES.descriptionTooLong);
  return { ...merged, descriptionHtml, ctaLabel: merged.ctaLabel ?? DEFAULT_CTA[merged.type] };
}

/** invalid-argument shaped like the contract's own validation errors (`z.flattenError`). */
export function fieldError(path: string, message: string): AppError {
  return new AppError('invalid-argument', message, { formErrors: [], fieldErrors: { [path]: [message] } });
}

import { PRODUCT_LIMITS } from '../schemas/product.ts';

/** What a title with no usable letters or digits ("!!!", "東京", "🎉") becomes. */
export const PRODUCT_SLUG_FALLBACK = 'product';

/**
 * A product's URL slug from its title: accents dropped ("Café" → "cafe"), lower-case ASCII letters
 * and digits, anything else one hyphen, at most `PRODUCT_LIMITS.slugMax` characters and never
 * ending in a hyphen. Shorter than `slugMin` gives `fallback` (the server's "product"; the editor
 * passes '' so an empty title leaves the field empty).
 */
export function productSlugFromTitle(title: string, fallback: string = PRODUCT_SLUG_FALLBACK): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PRODUCT_LIMITS.slugMax)
    .replace(/-+$/, '');
  return slug.length >= PRODUCT_LIMITS.slugMin ? slug : fallback;
}

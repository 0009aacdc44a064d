import type { Product } from '../schemas/product.ts';
import type { StorefrontProduct } from '../schemas/store-profile.ts';

/** The product fields a visitor's view is made of (the server's row and the dashboard's Product both have them). */
export type StorefrontProductSource = Pick<
  Product,
  'id' | 'slug' | 'type' | 'title' | 'subtitle' | 'coverImageUrl' | 'priceMode' | 'priceCents' | 'minPriceCents' | 'compareAtCents' | 'currency' | 'ctaLabel' | 'externalUrl'
>;

/**
 * What a visitor may see of one product (docs/selling.md): never its status, files or sales.
 * One rule for the storefront the server renders and the store builder's preview.
 */
export function storefrontProductOf(product: StorefrontProductSource): StorefrontProduct {
  const unpriced = product.type === 'link' || product.type === 'membership';
  return {
    id: product.id,
    slug: product.slug,
    type: product.type,
    title: product.title,
    subtitle: product.subtitle.trim() ? product.subtitle : null,
    coverImageUrl: product.coverImageUrl,
    priceMode: product.priceMode,
    // Link products sell nothing here, and a membership is priced by its tiers: no product price is shown.
    priceCents: unpriced ? null : product.priceMode === 'free' ? 0 : product.priceCents,
    minPriceCents: product.priceMode === 'pay-what-you-want' && !unpriced ? product.minPriceCents : 0,
    compareAtCents: product.priceMode === 'free' || unpriced ? null : product.compareAtCents,
    currency: product.currency,
    ctaLabel: product.ctaLabel,
    externalUrl: product.type === 'link' ? product.externalUrl : null,
  };
}

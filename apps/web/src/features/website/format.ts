import { formatMoney } from '@shopfront/core/money';
import type { StorefrontProduct } from '@shopfront/core';
import type { WebsiteRenderContext } from './types.ts';

/**
 * SECURITY "Content": links allow only http(s), mailto and same-site paths (`/x`, never `//x` or
 * `/\x`). The server validated them on save; checking again at render keeps an old or hand-edited
 * row from becoming a `javascript:` link.
 */
export function safeHref(url: string | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/')) return url.startsWith('//') || url.startsWith('/\\') ? null : url;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' || protocol === 'mailto:' ? url : null;
  } catch {
    return null;
  }
}

/** Images: an absolute http(s) URL or a same-origin path (an uploaded file), never `//host`. */
export function safeImageSrc(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/')) return url.startsWith('//') || url.startsWith('/\\') ? null : url;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Same wording as the storefront's price block: a fixed locale, whole amounts without decimals. */
const money = (amountMinor: number, currency: string) => formatMoney(amountMinor, currency, { locale: 'en-US', trimWhole: true });

export interface PriceText {
  main: string;
  note: string | null;
  compareAt: string | null;
}

/** "$24" (with the compare-at), "Free", "Pay what you want · from $5"; null for link products. */
export function priceText(product: Pick<StorefrontProduct, 'priceMode' | 'priceCents' | 'minPriceCents' | 'compareAtCents' | 'currency'>): PriceText | null {
  if (product.priceCents === null) return null;
  const { currency } = product;
  if (product.priceMode === 'free' || (product.priceMode === 'fixed' && product.priceCents === 0)) return { main: 'Free', note: null, compareAt: null };
  if (product.priceMode === 'pay-what-you-want') {
    return { main: 'Pay what you want', note: product.minPriceCents > 0 ? `from ${money(product.minPriceCents, currency)}` : null, compareAt: null };
  }
  const compareAt = product.compareAtCents !== null && product.compareAtCents > product.priceCents ? money(product.compareAtCents, currency) : null;
  return { main: money(product.priceCents, currency), note: null, compareAt };
}

/** A site page's address under the context's base: the home page is the base itself. */
export function pageHref(context: Pick<WebsiteRenderContext, 'basePath'>, slug: string): string {
  if (slug === 'home') return context.basePath || '/';
  return `${context.basePath}/${encodeURIComponent(slug)}`;
}

/** The storefront page of a product, where it is bought. */
export function productHref(context: Pick<WebsiteRenderContext, 'storeBasePath'>, productSlug: string): string {
  return `${context.storeBasePath}/p/${encodeURIComponent(productSlug)}`;
}

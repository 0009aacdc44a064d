import { canonicalizeSlug, normalizeHost, planAppMode, storeBaseUrl, type StoreKey } from '@shopfront/core';
import type { PageTarget } from './storefront-service.ts';

/** Paths the static files own (`/favicon.svg`, `/assets/x.js`): never a storefront. */
const FILE_PATH = /\.[^/]+$/;

/** `/p/{productSlug}` under a store is its product page. */
const PRODUCT_SEGMENT = 'p';
/** `/checkout/…` under a store (the thank-you page) is the SPA's: it polls, so it is never cached. */
const SPA_SEGMENTS = new Set(['checkout']);

/** A product slug as the URL carries it (products are matched lowercase, like their slugs). */
export function productSlugFrom(segment: string): string {
  try {
    return decodeURIComponent(segment).trim().toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** The page under a store a path names: its landing (any other path), a product, or the SPA's. */
function pageUnderStore(rest: readonly string[]): { productSlug?: string } | null {
  const first = rest[0]?.toLowerCase();
  if (first === PRODUCT_SEGMENT && rest.length === 2) return { productSlug: productSlugFrom(rest[1]!) };
  if (first !== undefined && SPA_SEGMENTS.has(first)) return null;
  return {};
}

/**
 * Spec §2 on the server: the storefront page a GET answers, or null when the path belongs to
 * another mode (landing, dashboard, members: the SPA serves those; website: website-target.ts). Storefronts live at
 * `/{slug}…` on the product's hosts and at any non-members path of a bio subdomain; under either,
 * `/p/{productSlug}` is a product page (its own cache entry) and `/checkout/…` is left to the SPA.
 * Decision 014: a verified two-part or www custom domain (website mode in core resolveAppMode)
 * answers its product pages here; its other paths are website-target.ts's (the website, or the
 * storefront landing while the store has no published page). A 3+-label host is looked up as a
 * bio domain, then as a custom domain, and stays a storefront.
 */
export function storefrontPageTarget(host: string, path: string, productHosts: readonly string[]): PageTarget | null {
  if (FILE_PATH.test(path) || path.startsWith('/assets/')) return null;
  const plan = planAppMode({ host, path, productHosts });
  if (!plan.storeKey || !(plan.mode === 'storefront' || (plan.mode === 'website' && plan.storeKey.by === 'customDomain'))) return null;
  const segments = path.split('/').filter(Boolean);
  if (plan.storeKey.by === 'slug') {
    const { slug } = plan.storeKey;
    const page = pageUnderStore(segments.slice(1));
    if (!page) return null;
    return withProduct({ key: `html|slug:${slug}`, storeKeys: [{ by: 'slug', slug }], basePath: storeBaseUrl({ slug }, { origin: '' }) }, page.productSlug);
  }
  if (plan.storeKey.by === 'bioDomain') {
    const { fullDomain } = plan.storeKey;
    const page = pageUnderStore(segments);
    if (!page) return null;
    const storeKeys: StoreKey[] = [
      { by: 'bioDomain', fullDomain },
      { by: 'customDomain', domain: fullDomain },
    ];
    return withProduct({ key: `html|host:${fullDomain}`, storeKeys, basePath: '' }, page.productSlug);
  }
  // A verified two-part or www custom domain is website mode: its product pages are the
  // storefront's, every other path is the website's or, while the store has none, the storefront
  // landing (storefront/website-target.ts, decision 014).
  const { domain } = plan.storeKey;
  const page = pageUnderStore(segments);
  if (page?.productSlug === undefined) return null;
  return withProduct({ key: `html|host:${domain}`, storeKeys: [{ by: 'customDomain', domain }], basePath: '' }, page.productSlug);
}

/** A product page's entry sits beside its store's (`…|p:{productSlug}`), dropped with the store. */
function withProduct<T extends Pick<PageTarget, 'key' | 'storeKeys'>>(target: T, productSlug: string | undefined): T & { productSlug?: string } {
  return productSlug === undefined ? target : { ...target, key: `${target.key}|p:${productSlug}`, productSlug };
}

/**
 * The store a host names, as the app-mode resolver finds it (core resolveAppMode): a 3+-label
 * host is a bio domain first, then a custom domain; a 2-label or www host is a custom domain.
 * Null for the product's own hosts.
 */
export function hostStoreKeys(host: string, productHosts: readonly string[]): StoreKey[] | null {
  const key: StoreKey | null = planAppMode({ host, path: '/', productHosts }).storeKey;
  if (!key) return null;
  if (key.by === 'bioDomain') return [key, { by: 'customDomain', domain: key.fullDomain }];
  if (key.by === 'customDomain') return [key];
  return null;
}

/**
 * The JSON read's cache entry: `json|slug:{slug}` or `json|host:{host}`, plus `|p:{productSlug}`
 * for a product (`GET /api/storefront?…&product=`).
 */
export function jsonTarget(
  input: ({ slug: string } | { host: string }) & { product?: string },
  productHosts: readonly string[],
): Omit<PageTarget, 'basePath'> | null {
  const productSlug = input.product === undefined ? undefined : input.product.trim().toLowerCase();
  if ('slug' in input) {
    const slug = canonicalizeSlug(input.slug.trim());
    return withProduct({ key: `json|slug:${slug}`, storeKeys: [{ by: 'slug', slug }] }, productSlug);
  }
  const host = normalizeHost(input.host);
  const storeKeys = hostStoreKeys(host, productHosts);
  return storeKeys ? withProduct({ key: `json|host:${host}`, storeKeys }, productSlug) : null;
}

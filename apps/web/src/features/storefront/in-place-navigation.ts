import { storeHomePath } from '@shopfront/core/store-urls';
import type { StorefrontData } from '@shopfront/core';

/** What a store-internal href names: the landing or one product page; null for anything else. */
export function pageOf(href: string, basePath: string): { page: 'landing' } | { page: 'product'; productSlug: string } | null {
  const path = href.split(/[?#]/)[0] ?? '';
  if (path === storeHomePath(basePath) || path === `${basePath}/`) return { page: 'landing' };
  const prefix = `${basePath}/p/`;
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length);
  if (!rest || rest.includes('/')) return null;
  try {
    return { page: 'product', productSlug: decodeURIComponent(rest).toLowerCase() };
  } catch {
    return null;
  }
}

/** The public JSON read for one product page (`GET /api/storefront?…&product=`), by slug or by host. */
export function productDataUrl(data: StorefrontData, basePath: string, host: string, productSlug: string): string {
  const store = basePath ? `slug=${encodeURIComponent(data.store.slug)}` : `host=${encodeURIComponent(host)}`;
  return `/api/storefront?${store}&product=${encodeURIComponent(productSlug)}`;
}

/** The landing's data from any page of the store: every page carries the store and its products. */
export function landingOf(data: StorefrontData): StorefrontData {
  const { product: _product, ...landing } = data;
  return landing;
}

/** The document title a page shows (the server writes the same one in its <head>). */
export function titleOf(data: StorefrontData): string {
  return data.product ? `${data.product.title} · ${data.store.profile.name}` : data.store.profile.name;
}

/**
 * Loads the data of a store-internal href, for navigating without a reload: the landing from the
 * data at hand, a product page from the cached JSON read (remembered per slug). Null when the
 * href is not such a page or its data cannot be had (the caller then loads the page normally).
 */
export function createPageLoader(options: { basePath: string; host: string; fetchImpl?: typeof fetch }) {
  const products = new Map<string, StorefrontData>();
  return {
    remember(data: StorefrontData) {
      if (data.product) products.set(data.product.slug, data);
    },
    async load(href: string, current: StorefrontData): Promise<StorefrontData | null> {
      const target = pageOf(href, options.basePath);
      if (!target) return null;
      if (target.page === 'landing') return landingOf(current);
      const known = products.get(target.productSlug);
      if (known) return known;
      try {
        const response = await (options.fetchImpl ?? fetch)(productDataUrl(current, options.basePath, options.host, target.productSlug), {
          credentials: 'omit',
          headers: { Accept: 'application/json' },
        });
        if (!response.ok) return null;
        const data = (await response.json()) as StorefrontData;
        if (!data.product) return null;
        products.set(target.productSlug, data);
        return data;
      } catch {
        return null;
      }
    },
  };
}

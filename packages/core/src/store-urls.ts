/**
 * Every public URL of a store (spec §2), built in one place so server and web agree and every
 * path segment is escaped. Regions and the website builder extend this module.
 */

/** Where a store can be reached. A caller that only has the slug passes `{ slug }`: platform URLs. */
export interface StoreAddress {
  slug: string;
  /** The verified custom domain ("shop.example.com"), or null. */
  customDomain?: string | null;
  /** The full bio subdomain host ("anna.bio.example"), or null. */
  bioDomain?: string | null;
}

/** The host a page is served on: the platform (`/{slug}/…`) or one of the store's own (`/…`). */
export type StoreHost = 'platform' | 'custom-domain' | 'bio-domain';

export interface StoreUrlOptions {
  /**
   * The platform's origin (PUBLIC_URL, "https://shopfront.app"), or '' for a root-relative path.
   * On the store's own hosts an absolute URL is `https://{that host}` whatever the origin.
   */
  origin: string;
  /** 'platform' unless said. An absolute URL for a store host the store lacks falls back to the platform. */
  on?: StoreHost;
}

const segment = (value: string) => encodeURIComponent(value);
const withoutTrailingSlash = (origin: string) => origin.replace(/\/+$/, '');

/** The base, and whether it is one of the store's own hosts (paths there have no `/{slug}`). */
function base(store: StoreAddress, options: StoreUrlOptions): { url: string; ownHost: boolean } {
  const on = options.on ?? 'platform';
  const domain = on === 'custom-domain' ? store.customDomain : on === 'bio-domain' ? store.bioDomain : null;
  if (on !== 'platform' && !options.origin) return { url: '', ownHost: true };
  if (domain) return { url: `https://${domain}`, ownHost: true };
  return { url: `${withoutTrailingSlash(options.origin)}/${segment(store.slug)}`, ownHost: false };
}

/**
 * Where the store's pages start: `{origin}/{slug}` on the platform, `https://{domain}` on its own
 * host, '' on its own host when relative. Page paths are appended to it.
 */
export function storeBaseUrl(store: StoreAddress, options: StoreUrlOptions): string {
  return base(store, options).url;
}

/** The landing under a base: the base itself, or `/` when the base is a host's root. */
export function storeHomePath(base: string): string {
  return base === '' ? '/' : base;
}

/** A product page under a base: `{base}/p/{productSlug}`. */
export function productPath(base: string, productSlug: string): string {
  return `${base}/p/${segment(productSlug)}`;
}

/** The thank-you page a checkout ends on; it reads getCheckoutStatus with the checkout id. */
export function checkoutSuccessPath(base: string, checkoutId: string): string {
  return `${base}/checkout/success?checkout=${segment(checkoutId)}`;
}

/** The members area under a base (spec §2): `/members`, `/members/login`, `/members/signup`. */
export function membersPath(base: string, page?: 'login' | 'signup'): string {
  return `${base}/members${page ? `/${page}` : ''}`;
}

/** The store's landing: `{origin}/{slug}`, or `https://{domain}/` on its own host. */
export function storefrontUrl(store: StoreAddress, options: StoreUrlOptions): string {
  const { url, ownHost } = base(store, options);
  return ownHost ? `${url}/` : url;
}

export function productUrl(store: StoreAddress, productSlug: string, options: StoreUrlOptions): string {
  return productPath(storeBaseUrl(store, options), productSlug);
}

export function thankYouUrl(store: StoreAddress, checkoutId: string, options: StoreUrlOptions): string {
  return checkoutSuccessPath(storeBaseUrl(store, options), checkoutId);
}

export function membersUrl(store: StoreAddress, options: StoreUrlOptions & { page?: 'login' | 'signup' }): string {
  return membersPath(storeBaseUrl(store, options), options.page);
}

/** A website page on the platform (spec §2): `/{slug}/website`, `/{slug}/website/{pageSlug}`. */
export function websitePageUrl(store: Pick<StoreAddress, 'slug'>, pageSlug: string | null, options: Pick<StoreUrlOptions, 'origin'>): string {
  const page = pageSlug ? `/${segment(pageSlug)}` : '';
  return `${withoutTrailingSlash(options.origin)}/${segment(store.slug)}/website${page}`;
}

/** The website preview on the product host (spec §2 landing mode): `/website/{slug}[/{pageSlug}]`. */
export function websitePreviewUrl(store: Pick<StoreAddress, 'slug'>, pageSlug: string | null, options: Pick<StoreUrlOptions, 'origin'>): string {
  const page = pageSlug ? `/${segment(pageSlug)}` : '';
  return `${withoutTrailingSlash(options.origin)}/website/${segment(store.slug)}${page}`;
}

/**
 * The host search engines should index: the verified custom domain over https when there is one,
 * else the platform. A bio subdomain is an alias and never canonical.
 */
export function canonicalHost(store: StoreAddress): StoreHost {
  return store.customDomain ? 'custom-domain' : 'platform';
}

/** The store landing's canonical URL: `https://{customDomain}/` or `{origin}/{slug}`. */
export function canonicalStoreUrl(store: StoreAddress, options: Pick<StoreUrlOptions, 'origin'>): string {
  return storefrontUrl(store, { origin: options.origin, on: canonicalHost(store) });
}

/** A product page's canonical URL: `/p/{productSlug}` under the store's canonical host. */
export function canonicalProductUrl(store: StoreAddress, productSlug: string, options: Pick<StoreUrlOptions, 'origin'>): string {
  return productUrl(store, productSlug, { origin: options.origin, on: canonicalHost(store) });
}

/**
 * The store an app-mode resolution is on, and which host: on a custom or bio domain the paths
 * have no `/{slug}` (the resolution's `customDomain` is then the host itself).
 */
export function storeHostOf(resolution: { slug: string | null; customDomain: string | null; isBioDomain?: boolean }): {
  store: StoreAddress;
  on: StoreHost;
} {
  const domain = resolution.customDomain;
  const store: StoreAddress = {
    slug: resolution.slug ?? '',
    customDomain: domain && !resolution.isBioDomain ? domain : null,
    bioDomain: domain && resolution.isBioDomain ? domain : null,
  };
  if (domain) return { store, on: resolution.isBioDomain ? 'bio-domain' : 'custom-domain' };
  // No store (or a store-less page): paths stay at the host's root, as on a store's own host.
  return { store, on: resolution.slug ? 'platform' : 'custom-domain' };
}

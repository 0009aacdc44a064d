import { HOME_PAGE_SLUG, planAppMode, storeBaseUrl, type StoreKey } from '@shopfront/core';
import type { PageTarget } from './storefront-service.ts';
import { productSlugFrom } from './storefront-target.ts';

const FILE_PATH = /\.[^/]+$/;

/** What a website address asks for and how its links are written. */
export interface WebsiteTarget {
  /** `html|slug:{slug}|w:{page}`, `html|site-preview:{slug}|w:{page}`, `html|host:{domain}[|w:{page}]`. */
  key: string;
  storeKeys: StoreKey[];
  /** Null: a path no page can have (deeper than one segment): the site's 404. */
  pageSlug: string | null;
  /** Where the site's pages start: `/{slug}/website`, `/website/{slug}` or '' on the custom domain. */
  basePath: string;
  /** Where the storefront starts: `/{slug}`, or '' on the custom domain. */
  storeBasePath: string;
  where: 'platform' | 'landing-preview' | 'custom-domain';
  /** The slug in the address (Website Not Found names it). */
  slug: string;
  /** On a custom domain: the storefront page answered instead while the store has no website (decision 014). */
  storefrontFallback?: PageTarget;
}

/** A page slug as the URL carries it (matched lowercase, like the slugs). */
const pageSlugOf = (segments: readonly string[]): string | null =>
  segments.length === 0 ? HOME_PAGE_SLUG : segments.length === 1 ? productSlugFrom(segments[0]!) : null;

/**
 * Spec §2 website addresses on the server: `/{slug}/website[/{pageSlug}]` on the product's hosts,
 * the landing preview `/website/{slug}[/{pageSlug}]` there, and every path of a verified two-part
 * or www custom domain but `/members…`, `/checkout/…` and the storefront's product pages
 * `/p/{productSlug}` (decision 014). Null for anything else.
 */
export function websitePageTarget(host: string, path: string, productHosts: readonly string[]): WebsiteTarget | null {
  if (FILE_PATH.test(path) || path.startsWith('/assets/')) return null;
  const plan = planAppMode({ host, path, productHosts });
  const segments = path.split('/').filter(Boolean);
  if (plan.mode === 'landing' && segments[0]?.toLowerCase() === 'website' && segments.length >= 2) {
    const slug = productSlugFrom(segments[1]!);
    const pageSlug = pageSlugOf(segments.slice(2));
    const storeBasePath = storeBaseUrl({ slug }, { origin: '' });
    return {
      key: `html|site-preview:${slug}|w:${pageSlug ?? ''}`,
      storeKeys: [{ by: 'slug', slug }],
      pageSlug,
      basePath: `/website/${encodeURIComponent(slug)}`,
      storeBasePath,
      where: 'landing-preview',
      slug,
    };
  }
  if (plan.mode !== 'website' || !plan.storeKey) return null;
  if (plan.storeKey.by === 'slug') {
    const { slug } = plan.storeKey;
    const pageSlug = pageSlugOf(segments.slice(2));
    const storeBasePath = storeBaseUrl({ slug }, { origin: '' });
    return {
      key: `html|slug:${slug}|w:${pageSlug ?? ''}`,
      storeKeys: [plan.storeKey],
      pageSlug,
      basePath: `${storeBasePath}/website`,
      storeBasePath,
      where: 'platform',
      slug,
    };
  }
  if (plan.storeKey.by !== 'customDomain') return null;
  const first = segments[0]?.toLowerCase();
  if ((first === 'p' && segments.length === 2) || first === 'checkout') return null;
  const { domain } = plan.storeKey;
  const pageSlug = pageSlugOf(segments);
  const storeKeys: StoreKey[] = [plan.storeKey];
  const landing = `html|host:${domain}`;
  return {
    // The home page shares the storefront landing's entry: one of the two answers `/`.
    key: pageSlug === HOME_PAGE_SLUG ? landing : `${landing}|w:${pageSlug ?? ''}`,
    storeKeys,
    pageSlug,
    basePath: '',
    storeBasePath: '',
    where: 'custom-domain',
    slug: domain,
    storefrontFallback: { key: landing, storeKeys, basePath: '' },
  };
}

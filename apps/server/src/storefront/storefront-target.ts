import { canonicalizeSlug, normalizeHost, planAppMode, type StoreKey } from '@shopfront/core';
import type { StorefrontLookup } from '../domain/storefront/load-storefront.ts';
import type { PageTarget } from './storefront-service.ts';

/** Paths the static files own (`/favicon.svg`, `/assets/x.js`): never a storefront. */
const FILE_PATH = /\.[^/]+$/;

/**
 * Spec §2 on the server: the storefront page a GET answers, or null when the path belongs to
 * another mode (landing, dashboard, members, website — the SPA serves those). Storefronts live at
 * `/{slug}…` on the product's hosts and at any non-members path of a bio subdomain.
 */
export function storefrontPageTarget(host: string, path: string, productHosts: readonly string[]): PageTarget | null {
  if (FILE_PATH.test(path) || path.startsWith('/assets/')) return null;
  const plan = planAppMode({ host, path, productHosts });
  if (plan.mode !== 'storefront' || !plan.storeKey) return null;
  if (plan.storeKey.by === 'slug') {
    const { slug } = plan.storeKey;
    return { key: `html|slug:${slug}`, lookups: [{ by: 'slug', slug }], basePath: `/${slug}` };
  }
  if (plan.storeKey.by === 'bioDomain') {
    const { fullDomain } = plan.storeKey;
    return { key: `html|host:${fullDomain}`, lookups: [{ by: 'bioDomain', fullDomain }], basePath: '' };
  }
  return null;
}

/**
 * The store a host names, as the app-mode resolver finds it (core resolveAppMode): a 3+-label
 * host is a bio domain first, then a custom domain; a 2-label or www host is a custom domain.
 * Null for the product's own hosts.
 */
export function hostLookups(host: string, productHosts: readonly string[]): StorefrontLookup[] | null {
  const key: StoreKey | null = planAppMode({ host, path: '/', productHosts }).storeKey;
  if (!key) return null;
  if (key.by === 'bioDomain') return [key, { by: 'customDomain', domain: key.fullDomain }];
  if (key.by === 'customDomain') return [key];
  return null;
}

/** The JSON read's cache entry: `json|slug:{slug}` or `json|host:{host}`. */
export function jsonTarget(
  input: { slug: string } | { host: string },
  productHosts: readonly string[],
): Omit<PageTarget, 'basePath'> | null {
  if ('slug' in input) {
    const slug = canonicalizeSlug(input.slug.trim());
    return { key: `json|slug:${slug}`, lookups: [{ by: 'slug', slug }] };
  }
  const host = normalizeHost(input.host);
  const lookups = hostLookups(host, productHosts);
  return lookups ? { key: `json|host:${host}`, lookups } : null;
}

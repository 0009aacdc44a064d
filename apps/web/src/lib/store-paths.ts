import type { AppModeResult } from '@shopfront/core';

/**
 * A document path inside the current store: `/{slug}{path}` on the product's hosts, `{path}` on
 * the store's custom or bio domain. For links that leave the mode's router (members → the store).
 */
export function storeDocumentPath(resolution: Pick<AppModeResult, 'slug' | 'customDomain'>, path: string): string {
  if (resolution.customDomain || !resolution.slug) return path;
  return path === '/' ? `/${resolution.slug}` : `/${resolution.slug}${path}`;
}

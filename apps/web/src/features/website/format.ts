import { safeHref as safeLink } from '@shopfront/core/safe-url';
import type { WebsiteRenderContext } from './types.ts';

/**
 * Block links (buttons, link lists, the header's call to action) may also be a page of the site
 * (`/about`); everything else follows the storefront's rule (core `safe-url.ts`).
 */
export const safeHref = (url: string | undefined): string | null => safeLink(url, { allowPath: true });

/** A site page's address under the context's base: the home page is the base itself. */
export function pageHref(context: Pick<WebsiteRenderContext, 'basePath'>, slug: string): string {
  if (slug === 'home') return context.basePath || '/';
  return `${context.basePath}/${encodeURIComponent(slug)}`;
}

/** The storefront page of a product, where it is bought. */
export function productHref(context: Pick<WebsiteRenderContext, 'storeBasePath'>, productSlug: string): string {
  return `${context.storeBasePath}/p/${encodeURIComponent(productSlug)}`;
}

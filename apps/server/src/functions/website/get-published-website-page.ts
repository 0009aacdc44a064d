import { AppError, STORE_OFFLINE_MESSAGES, type StoreKey, type WebsitePageData } from '@shopfront/core';
import { identityOf } from '#src/storefront/page-cache.ts';
import { jsonTarget } from '#src/storefront/storefront-target.ts';
import type { Handler } from '../types.ts';

/**
 * The published page the server-rendered website shows, for the SPA's website screens (the dev
 * server, a build without the SSR module): read through the same website loader, so never a draft,
 * and kept in the storefront page cache (`json|…|w:{page}`) until `storefront_changed` names its
 * store. Not behind the websiteBuilder flag, which switches off building, not live sites (decision 028).
 */
export const getPublishedWebsitePage: Handler<'getPublishedWebsitePage'> = async (input, ctx) => {
  const { pageSlug, ...ref } = input;
  const target = jsonTarget(ref, ctx.env.productHosts);
  const loader = ctx.storefront.websiteLoader;
  if (!target || !loader) throw new AppError('not-found');
  const body = await ctx.storefront.cached(`${target.key}|w:${pageSlug}`, async () => {
    const lookup = await firstFound(target.storeKeys, (key) => loader.loadPublished(key, pageSlug));
    return lookup?.kind === 'page' ? { storeId: lookup.data.store.id, text: JSON.stringify(lookup.data) } : null;
  });
  if (body) return JSON.parse(identityOf(body).toString('utf8')) as WebsitePageData;
  // An offline store is not a missing one: visitors get "This store is offline", never why.
  if (await ctx.storefront.isOffline(target)) throw new AppError('unavailable', STORE_OFFLINE_MESSAGES.error);
  throw new AppError('not-found');
};

/** The first non-null answer, trying the keys in order (a bio host is also tried as a custom domain). */
async function firstFound<T>(keys: readonly StoreKey[], find: (key: StoreKey) => Promise<T | null>): Promise<T | null> {
  for (const key of keys) {
    const found = await find(key);
    if (found) return found;
  }
  return null;
}

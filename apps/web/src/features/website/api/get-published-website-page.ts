import { AppError, isAppError, type FunctionInput, type StoreKey, type WebsitePageData } from '@shopfront/core';
import { useQuery } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

/** The EmailSignup block's plain form post (the server's route; the dev server proxies `/api`). */
export const WEBSITE_SUBSCRIBE_ACTION = '/api/website/subscribe';

/** The app-mode store key as getPublishedWebsitePage's input: by slug, or by the host the visitor is on. */
export function publishedWebsitePageInput(key: StoreKey, pageSlug: string): FunctionInput<'getPublishedWebsitePage'> {
  if (key.by === 'slug') return { slug: key.slug, pageSlug };
  return { host: key.by === 'bioDomain' ? key.fullDomain : key.domain, pageSlug };
}

/**
 * A published website page for the SPA's website screens (the dev server, a build without the SSR
 * module): the server normally renders the page itself (decision 028). Fails with `not-found`
 * when the store, the page or its published content is missing.
 */
export function usePublishedWebsitePage(key: StoreKey | null, pageSlug: string) {
  return useQuery({
    queryKey: ['website', 'published', key, pageSlug],
    queryFn: (): Promise<WebsitePageData> =>
      key ? callFunction('getPublishedWebsitePage', publishedWebsitePageInput(key, pageSlug)) : Promise.reject(new AppError('not-found')),
    enabled: key !== null,
    staleTime: 30_000,
  });
}

/** The server answers these for a store, page or slug that is not there: the visitor sees Website Not Found. */
export function isWebsiteMissing(error: unknown): boolean {
  return isAppError(error) && (error.code === 'not-found' || error.code === 'invalid-argument');
}

import { storeBaseUrl } from '@shopfront/core/store-urls';
import { useParams } from 'react-router';
import { WebsiteNotFound } from '#src/components/errors/not-found-screens.tsx';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import { isWebsiteMissing, usePublishedWebsitePage, WEBSITE_SUBSCRIBE_ACTION, WebsiteLoadError, WebsiteView } from '#src/features/website/index.ts';
import { useAppContext } from '#src/lib/app-context.tsx';
// Chunking, not use: the website blocks share `@shopfront/core/price-display` and `/safe-url` with
// the storefront view. Reaching the storefront view from here too keeps those two inside the
// storefront entry's view chunk; without it they split into a chunk of their own, which the
// storefront entry then loads, over its 80 KB budget (decision 028; the web build checks it).
import '#src/features/storefront/index.ts';
import { DEFAULT_PAGE_SLUG } from '../paths.ts';

/**
 * Spec §2: the store's published website page, as the server renders it (decision 028) — the SPA
 * shows it when the server did not (the dev server, a build without the SSR module). Website Not
 * Found (with the slug) when the store, the page or its published content is missing; a deeper
 * path is no page, like on the server.
 */
export function WebsiteLandingPage() {
  const { pageSlug = DEFAULT_PAGE_SLUG, '*': deeper } = useParams();
  const { config, storeKey, resolution } = useAppContext();
  const page = usePublishedWebsitePage(deeper ? null : storeKey, pageSlug);
  const shownSlug = resolution.slug ?? resolution.customDomain ?? '';

  if (deeper || !storeKey || (page.isError && isWebsiteMissing(page.error))) return <WebsiteNotFound slug={shownSlug} />;
  if (page.isPending) return <FullPageSpinner label="Loading website" />;
  if (page.isError) return <WebsiteLoadError error={page.error} onRetry={() => void page.refetch()} />;

  const { store } = page.data;
  // On its own domain the website holds `/`: the storefront's landing is the platform's.
  const ownDomain = storeKey.by !== 'slug';
  const storeBasePath = ownDomain ? '' : storeBaseUrl({ slug: store.slug }, { origin: '' });
  const context = {
    basePath: resolution.basePath,
    storeBasePath,
    storeHref: ownDomain ? `${config.publicUrl}/${encodeURIComponent(store.slug)}` : storeBasePath,
    subscribeAction: WEBSITE_SUBSCRIBE_ACTION,
  };
  return (
    <div data-mode="website">
      <WebsiteView data={page.data} context={context} />
    </div>
  );
}

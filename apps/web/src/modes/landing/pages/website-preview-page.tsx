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
import { DEFAULT_WEBSITE_PAGE_SLUG } from '../paths.ts';

/** Spec §2: the landing preview's note on a development host (the server shows the same). */
const DEVELOPMENT_BANNER = 'Website preview on a development host — visitors see the published site at its own address.';

/**
 * Spec §2: /website/{slug}/{pageSlug} on the product host previews a store's published website
 * page, as the server renders it (decision 028) when it did not (the dev server, a build without
 * the SSR module).
 */
export function WebsitePreviewPage() {
  const { slug = '', pageSlug = DEFAULT_WEBSITE_PAGE_SLUG } = useParams();
  const { config } = useAppContext();
  const page = usePublishedWebsitePage(slug ? { by: 'slug', slug } : null, pageSlug);
  const banner = config.environment !== 'production' ? DEVELOPMENT_BANNER : undefined;

  if (!slug || (page.isError && isWebsiteMissing(page.error))) {
    return (
      <>
        {banner ? (
          <div role="note" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900">
            {banner}
          </div>
        ) : null}
        <WebsiteNotFound slug={slug} />
      </>
    );
  }
  if (page.isPending) return <FullPageSpinner label="Loading website preview" />;
  if (page.isError) return <WebsiteLoadError error={page.error} onRetry={() => void page.refetch()} />;

  const storeBasePath = storeBaseUrl({ slug: page.data.store.slug }, { origin: '' });
  const context = {
    basePath: `/website/${encodeURIComponent(page.data.store.slug)}`,
    storeBasePath,
    storeHref: storeBasePath,
    subscribeAction: WEBSITE_SUBSCRIBE_ACTION,
  };
  return <WebsiteView data={page.data} context={context} banner={banner} />;
}

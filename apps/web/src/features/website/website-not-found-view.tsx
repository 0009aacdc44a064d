import type { StorefrontProduct } from '@shopfront/core';
import { SiteFooterBlock, SiteHeaderBlock } from './blocks/index.ts';
import { pageHref } from './format.ts';
import type { WebsiteNavPage, WebsiteRenderContext, WebsiteStore } from './types.ts';
import { WebsiteFrame } from './website-frame.tsx';

/** An address of a store's website with no published page (404), in the site's own theme and navigation. */
export function WebsitePageNotFoundView(props: {
  store: WebsiteStore;
  pages: readonly WebsiteNavPage[];
  context: Omit<WebsiteRenderContext, 'store' | 'products' | 'pages'>;
}) {
  const products: readonly StorefrontProduct[] = [];
  const context: WebsiteRenderContext = { ...props.context, store: props.store, products, pages: props.pages };
  return (
    <WebsiteFrame store={props.store}>
      <div className="ws-page">
        <SiteHeaderBlock showStoreName context={context} />
        <main className="ws-main ws-not-found">
          <h1 className="ws-heading">Page not found</h1>
          <p>This page doesn&rsquo;t exist or is no longer available.</p>
          <a className="ws-button" data-style="primary" href={pageHref(context, 'home')}>
            Go to the home page
          </a>
        </main>
        <SiteFooterBlock showNavigation={false} context={context} />
      </div>
    </WebsiteFrame>
  );
}

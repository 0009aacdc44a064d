import type { ReactNode } from 'react';
import { SiteFooterBlock, SiteHeaderBlock } from './blocks/index.ts';
import { renderBlocks } from './render-blocks.tsx';
import type { WebsitePageData, WebsiteRenderContext } from './types.ts';
import { WebsiteBanner, WebsiteFrame } from './website-frame.tsx';

export interface WebsiteViewProps {
  data: WebsitePageData;
  /** Everything the blocks render with but the data's own store, products and pages. */
  context: Omit<WebsiteRenderContext, 'store' | 'products' | 'pages' | 'currentSlug'>;
  /** A note above the page: the owner's draft preview, or a development host. */
  banner?: ReactNode;
}

/**
 * One website page in the store's theme: its blocks in order, between the site header and footer.
 * A page without a SiteHeader block gets the default one (store name + navigation), and one
 * without a SiteFooter the default footer, so every page can reach every other.
 */
export function WebsiteView({ data, context: partial, banner }: WebsiteViewProps) {
  const context: WebsiteRenderContext = { ...partial, store: data.store, products: data.products, pages: data.pages, currentSlug: data.page.slug };
  const blocks = data.page.content.content;
  const header = blocks.find((block) => block.type === 'SiteHeader');
  const footer = blocks.find((block) => block.type === 'SiteFooter');
  const body = blocks.filter((block) => block !== header && block !== footer);
  // A Hero is the page's h1 once it has a heading; until then the page title is, for screen readers.
  const hasHeading = blocks.some((block) => block.type === 'Hero' && block.props.heading.trim() !== '');
  return (
    <WebsiteFrame store={data.store}>
      <WebsiteBanner>{banner}</WebsiteBanner>
      <div className="ws-page">
        {header ? renderBlocks([header], context) : <SiteHeaderBlock showStoreName context={context} />}
        <main className="ws-main">
          {hasHeading ? null : <h1 className="ws-sr-only">{data.page.title}</h1>}
          {renderBlocks(body, context)}
        </main>
        {footer ? renderBlocks([footer], context) : <SiteFooterBlock showNavigation={false} context={context} />}
      </div>
    </WebsiteFrame>
  );
}

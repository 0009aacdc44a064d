import type { StorefrontData } from '@shopfront/core';
import { themeStyle } from '../themes/theme-style.ts';
import { arrangeProducts, visibleLinks } from './arrange.ts';
import { LinkList } from './components/link-list.tsx';
import { PreviewBanner } from './components/preview-banner.tsx';
import { ProductGrid } from './components/product-grid.tsx';
import { ProfileHeader } from './components/profile-header.tsx';
import { StorefrontFooter } from './components/storefront-footer.tsx';
import { storeBasePath } from './store-paths.ts';
import './storefront.css';

export interface StorefrontViewProps {
  data: StorefrontData;
  /** `/{slug}` on the product's hosts (the default), '' on a custom or bio domain. */
  basePath?: string;
  /**
   * Inside another page (the store builder's preview pane): the view fills its container instead
   * of the viewport, and the preview banner does not stick to the window.
   */
  embedded?: boolean;
}

/**
 * The whole public store in its theme. The server renders it, the storefront entry hydrates it and
 * the store builder previews drafts with it, so it takes props only: no router, no queries.
 */
export function StorefrontView({ data, basePath, embedded = false }: StorefrontViewProps) {
  const { profile } = data.store;
  const { theme, style } = themeStyle(profile.theme, profile.themeOverrides.colors);
  const base = basePath ?? storeBasePath(data.store.slug);
  const Backdrop = theme.Backdrop;
  return (
    <div className="sf-root" data-theme={theme.id} data-embedded={embedded ? '' : undefined} style={style}>
      {Backdrop ? <Backdrop /> : null}
      {data.isPreview ? <PreviewBanner /> : null}
      <div className="sf-column">
        <ProfileHeader profile={profile} />
        <main className="sf-main">
          <LinkList links={visibleLinks(profile.links)} />
          <ProductGrid products={arrangeProducts(data.products, profile.productLayout)} basePath={base} />
        </main>
        <StorefrontFooter basePath={base} />
      </div>
    </div>
  );
}

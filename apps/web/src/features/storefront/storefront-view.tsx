import { storeBaseUrl } from '@shopfront/core/store-urls';
import type { StorefrontData } from '@shopfront/core';
import type { ComponentType } from 'react';
import { themeStyle } from '#src/components/themes/theme-style.ts';
import { arrangeProducts, visibleLinks } from './arrange.ts';
import { LinkList } from './components/link-list.tsx';
import { localAmount, LocalCurrencyContext, LocalPriceNote } from './components/local-price.tsx';
import { PreviewBanner } from './components/preview-banner.tsx';
import { ProductDetail, type ProductCheckoutProps } from './components/product-detail.tsx';
import { ProductGrid } from './components/product-grid.tsx';
import { ProfileHeader } from './components/profile-header.tsx';
import { StorefrontFooter } from './components/storefront-footer.tsx';
import { useLocalCurrency } from './local-currency.ts';
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
  /** The checkout form of product pages; without it a product page shows no way to buy. */
  checkout?: ComponentType<ProductCheckoutProps>;
  /** A membership page's join form, plugged in like the checkout form. */
  join?: ComponentType<ProductCheckoutProps>;
}

/**
 * The whole public store in its theme: its landing, or a product page when `data.product` is set.
 * The server renders it, the storefront entry hydrates it and the store builder previews drafts
 * with it, so it takes props only: no router, no queries (links navigate in place when a
 * StorefrontNavigation is provided). After hydration, prices also show in the visitor's currency
 * where it differs (never in the owner's preview or the builder's pane). Its icons are `<use>`s of
 * the icon sprite, which the server puts in every storefront page; a page that renders the view
 * in the browser loads it with `useIconSprite` (components/ui/icon.tsx).
 */
export function StorefrontView({ data, basePath, embedded = false, checkout, join }: StorefrontViewProps) {
  const { profile } = data.store;
  const { theme, style } = themeStyle(profile.theme, profile.themeOverrides.colors);
  const base = basePath ?? storeBaseUrl(data.store, { origin: '' });
  const Backdrop = theme.Backdrop;
  const product = data.product ?? null;
  const products = product ? [product] : arrangeProducts(data.products, profile.productLayout);
  const priced = data.isPreview || embedded ? undefined : products.find((item) => localAmount(item));
  const local = useLocalCurrency(priced?.currency.toUpperCase());
  return (
    <LocalCurrencyContext value={local}>
      <div className="sf-root" data-theme={theme.id} data-page={product ? 'product' : 'landing'} data-embedded={embedded ? '' : undefined} style={style}>
        {Backdrop ? <Backdrop /> : null}
        {data.isPreview ? <PreviewBanner /> : null}
        {product ? (
          <div className="sf-column sf-column-wide">
            <ProductDetail storeId={data.store.id} profile={profile} product={product} basePath={base} canBuy={!embedded} checkout={checkout} join={join} />
            <StorefrontFooter basePath={base} />
          </div>
        ) : (
          <div className="sf-column">
            <ProfileHeader profile={profile} />
            <main className="sf-main">
              <LinkList links={visibleLinks(profile.links)} />
              <ProductGrid products={products} basePath={base} />
              <LocalPriceNote />
            </main>
            <StorefrontFooter basePath={base} />
          </div>
        )}
      </div>
    </LocalCurrencyContext>
  );
}

import { productPath } from '@shopfront/core/store-urls';
import type { StorefrontProduct } from '@shopfront/core';
import { safeHref, safeImageSrc } from '@shopfront/core/safe-url';
import { Icon } from '#src/components/ui/icon.tsx';
import { initialsOf } from '../initials.ts';
import { StoreLink } from '../navigation.tsx';
import { PriceBlock } from './price-block.tsx';

/** The cover, or a themed placeholder holding the title's initial. */
export function ProductCover({ product, size }: { product: Pick<StorefrontProduct, 'title' | 'coverImageUrl'>; size: 'card' | 'page' }) {
  const cover = safeImageSrc(product.coverImageUrl);
  if (cover) {
    return size === 'card' ? (
      <img className="sf-product-image" src={cover} alt={product.title} loading="lazy" decoding="async" width={320} height={240} />
    ) : (
      <img className="sf-product-image" src={cover} alt={product.title} decoding="async" width={960} height={720} fetchPriority="high" />
    );
  }
  return (
    <span className="sf-product-placeholder" aria-hidden="true">
      {initialsOf(product.title).slice(0, 1)}
    </span>
  );
}

/**
 * One product: cover, title, subtitle, price and its call to action. The whole card is the CTA's
 * hit area. Link products open their own URL in a new tab; the others open their product page.
 */
export function ProductCard({ product, basePath }: { product: StorefrontProduct; basePath: string }) {
  const external = product.type === 'link' ? safeHref(product.externalUrl ?? '') : null;
  const label = `${product.ctaLabel}: ${product.title}`;
  return (
    <article className="sf-product" data-type={product.type}>
      <div className="sf-product-media">
        <ProductCover product={product} size="card" />
      </div>
      <div className="sf-product-body">
        <h3 className="sf-product-title">{product.title}</h3>
        {product.subtitle ? <p className="sf-product-subtitle">{product.subtitle}</p> : null}
        <div className="sf-product-footer">
          <PriceBlock product={product} />
          {product.type === 'link' ? (
            external ? (
              <a className="sf-product-cta" href={external} target="_blank" rel="noopener noreferrer nofollow" aria-label={`${label} (opens in a new tab)`}>
                {product.ctaLabel}
                <Icon name="external" className="sf-cta-external" />
              </a>
            ) : null
          ) : (
            <StoreLink className="sf-product-cta" href={productPath(basePath, product.slug)} aria-label={label}>
              {product.ctaLabel}
            </StoreLink>
          )}
        </div>
      </div>
    </article>
  );
}

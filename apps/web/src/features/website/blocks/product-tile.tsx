import type { StorefrontProduct } from '@shopfront/core';
import { priceDisplay } from '@shopfront/core/price-display';
import { safeHref, safeImageSrc } from '@shopfront/core/safe-url';
import { productHref } from '../format.ts';
import type { WebsiteRenderContext } from '../types.ts';

/** A product's price as the storefront words it ("$24", "Free", "Pay what you want · from $5"). */
export function ProductPrice({ product }: { product: StorefrontProduct }) {
  const price = priceDisplay(product);
  if (!price) return null;
  return (
    <p className="ws-price-block">
      <span className="ws-price">{price.main}</span>
      {price.compareAt ? (
        <s className="ws-compare-at">
          <span className="ws-sr-only">Regular price </span>
          {price.compareAt}
        </s>
      ) : null}
      {price.note ? <span className="ws-price-note">{price.note}</span> : null}
    </p>
  );
}

/**
 * One product with its live price and its button: the storefront's product page (where it is
 * bought), or a link product's own URL in a new tab.
 */
export function ProductTile({ product, context, size }: { product: StorefrontProduct; context: WebsiteRenderContext; size: 'grid' | 'feature' }) {
  const cover = safeImageSrc(product.coverImageUrl);
  const external = product.type === 'link' ? safeHref(product.externalUrl ?? '') : null;
  const label = `${product.ctaLabel}: ${product.title}`;
  const Heading = size === 'feature' ? 'h2' : 'h3';
  return (
    <article className="ws-product" data-size={size} data-type={product.type}>
      <div className="ws-product-media">
        {cover ? (
          <img src={cover} alt={product.title} loading="lazy" decoding="async" width={640} height={480} />
        ) : (
          <span className="ws-product-placeholder" aria-hidden="true">
            {product.title.trim().slice(0, 1).toUpperCase()}
          </span>
        )}
      </div>
      <div className="ws-product-body">
        <Heading className="ws-product-title">{product.title}</Heading>
        {product.subtitle ? <p className="ws-product-subtitle">{product.subtitle}</p> : null}
        <div className="ws-product-footer">
          <ProductPrice product={product} />
          {product.type === 'link' ? (
            external ? (
              <a className="ws-button" data-style="primary" href={external} target="_blank" rel="noopener noreferrer nofollow" aria-label={`${label} (opens in a new tab)`}>
                {product.ctaLabel}
              </a>
            ) : null
          ) : (
            <a className="ws-button" data-style="primary" href={productHref(context, product.slug)} aria-label={label}>
              {product.ctaLabel}
            </a>
          )}
        </div>
      </div>
    </article>
  );
}

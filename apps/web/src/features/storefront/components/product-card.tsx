import type { StorefrontProduct } from '@shopfront/core';
import { formatPrice } from '../format-price.ts';
import { initialsOf } from '../initials.ts';
import { safeImageSrc } from '../safe-url.ts';
import { productPath } from '../store-paths.ts';

/** One product: cover (or a themed placeholder), title, subtitle, price and its call to action. */
export function ProductCard({ product, basePath }: { product: StorefrontProduct; basePath: string }) {
  const cover = safeImageSrc(product.coverImageUrl);
  const price = formatPrice(product.priceCents, product.currency);
  return (
    <article className="sf-product">
      <div className="sf-product-media">
        {cover ? (
          <img className="sf-product-image" src={cover} alt="" loading="lazy" decoding="async" width={320} height={240} />
        ) : (
          <span className="sf-product-placeholder" aria-hidden="true">
            {initialsOf(product.title).slice(0, 1)}
          </span>
        )}
      </div>
      <div className="sf-product-body">
        <h3 className="sf-product-title">{product.title}</h3>
        {product.subtitle ? <p className="sf-product-subtitle">{product.subtitle}</p> : null}
        <div className="sf-product-footer">
          {price ? (
            <span className="sf-price" suppressHydrationWarning>
              {price}
            </span>
          ) : null}
          <a className="sf-product-cta" href={productPath(basePath, product.slug)} aria-label={`${product.ctaLabel}: ${product.title}`}>
            {product.ctaLabel}
          </a>
        </div>
      </div>
    </article>
  );
}

import type { StorefrontProduct } from '@shopfront/core';
import type { ProductGridProps } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';
import { ProductTile } from './product-tile.tsx';

/** The products the block names, in its order, that are still published; every product when it names none. */
export function pickProducts(products: readonly StorefrontProduct[], ids: readonly string[]): StorefrontProduct[] {
  if (ids.length === 0) return [...products];
  const byId = new Map(products.map((product) => [product.id, product]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A grid of the store's real products with live prices; nothing when none is published. */
export function ProductGridBlock({ heading, productIds, columns, context }: BlockComponentProps<ProductGridProps>) {
  const products = pickProducts(context.products, productIds);
  if (products.length === 0) return null;
  return (
    <section className="ws-block ws-products">
      {heading ? <h2 className="ws-section-title">{heading}</h2> : null}
      <ul className="ws-product-grid" data-columns={columns}>
        {products.map((product) => (
          <li key={product.id}>
            <ProductTile product={product} context={context} size="grid" />
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { LinkBlock, ProductLayout, StorefrontProduct } from '@shopfront/core';

/** Link blocks a visitor sees: not hidden, in the creator's order. */
export function visibleLinks(links: readonly LinkBlock[]): LinkBlock[] {
  return links.filter((link) => !link.hidden);
}

/**
 * Products in the creator's order (store builder `productLayout`), hidden ones left out; products
 * the layout does not mention yet (new ones) follow in their own order.
 */
export function arrangeProducts(products: readonly StorefrontProduct[], layout: ProductLayout): StorefrontProduct[] {
  const hidden = new Set(layout.hidden);
  const rank = new Map(layout.order.map((id, index) => [id, index]));
  return products
    .filter((product) => !hidden.has(product.id))
    .map((product, index) => ({ product, index }))
    .sort((a, b) => (rank.get(a.product.id) ?? layout.order.length + a.index) - (rank.get(b.product.id) ?? layout.order.length + b.index))
    .map(({ product }) => product);
}

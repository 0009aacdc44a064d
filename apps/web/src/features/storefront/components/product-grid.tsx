import type { StorefrontProduct } from '@shopfront/core';
import { ProductCard } from './product-card.tsx';
import './product-grid.css';

/** The store's products; nothing at all when there are none (no empty shelf). */
export function ProductGrid({ products, basePath }: { products: readonly StorefrontProduct[]; basePath: string }) {
  if (products.length === 0) return null;
  return (
    <section className="sf-products" aria-labelledby="sf-products-title">
      <h2 className="sf-section-title" id="sf-products-title">
        Shop
      </h2>
      <ul className="sf-product-grid">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} basePath={basePath} />
          </li>
        ))}
      </ul>
    </section>
  );
}

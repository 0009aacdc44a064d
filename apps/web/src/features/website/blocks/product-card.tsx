import type { ProductCardProps } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';
import { ProductTile } from './product-tile.tsx';

/** One featured product with its buy button; nothing when it is not (or no longer) published. */
export function ProductCardBlock({ productId, context }: BlockComponentProps<ProductCardProps>) {
  const product = context.products.find((candidate) => candidate.id === productId);
  if (!product) return null;
  return (
    <div className="ws-block ws-product-feature">
      <ProductTile product={product} context={context} size="feature" />
    </div>
  );
}

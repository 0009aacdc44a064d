import type { BlockType } from '@shopfront/core';
import type { ComponentType, ReactNode } from 'react';
import { useEditorEnvironment } from '../lib/editor-context.ts';
import { emptyBlockNote } from '../lib/empty-block.ts';

type ColumnsLayout = '1-1' | '1-2' | '2-1' | '1-1-1';

/**
 * Product blocks show nothing to visitors until a product they name is published; on the canvas
 * they say so, or there would be nothing to see, select or move.
 */
function useProductPlaceholder(type: BlockType, props: Record<string, unknown>): string | null {
  const { products } = useEditorEnvironment();
  const published = new Set(products.filter((product) => product.status === 'published').map((product) => product.id));
  if (type === 'ProductGrid') {
    const ids = Array.isArray(props.productIds) ? (props.productIds as string[]) : [];
    const shown = ids.length === 0 ? published.size : ids.filter((id) => published.has(id)).length;
    return shown === 0 ? 'Product grid: it shows once a product is published.' : null;
  }
  if (type === 'ProductCard') {
    if (!props.productId) return 'Product card: choose a product.';
    return published.has(String(props.productId)) ? null : 'Product card: it shows once this product is published.';
  }
  return null;
}

/** One block on Puck's canvas, drawn by the site's own component with the page's render context. */
export function CanvasBlock({ type, props }: { type: Exclude<BlockType, 'Columns'>; props: Record<string, unknown> }) {
  const { kit, context } = useEditorEnvironment();
  const placeholder = useProductPlaceholder(type, props) ?? emptyBlockNote(type, props);
  if (placeholder) {
    return <p className="m-2 rounded-lg border border-dashed border-slate-400 bg-white/80 p-4 text-center text-sm text-slate-700">{placeholder}</p>;
  }
  const Block = kit.blocks[type] as ComponentType<Record<string, unknown>>;
  return <Block {...props} context={context} />;
}

type Slot = (props?: { className?: string }) => ReactNode;

/** Columns with Puck's slots as its columns, so blocks can be dropped into each. */
export function CanvasColumns({ layout, left, middle, right }: { layout: ColumnsLayout; left: Slot; middle: Slot; right: Slot }) {
  const { kit } = useEditorEnvironment();
  const Columns = kit.blocks.Columns;
  const Left = left;
  const Middle = middle;
  const Right = right;
  return <Columns layout={layout} left={<Left />} middle={<Middle />} right={layout === '1-1-1' ? <Right /> : null} />;
}

/** The page in the store's theme, as its visitors see it. */
export function CanvasRoot({ children }: { children: ReactNode }) {
  const { kit, context } = useEditorEnvironment();
  const Frame = kit.Frame;
  return <Frame context={context}>{children}</Frame>;
}

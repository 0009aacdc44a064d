import type { Product, ProductLayout } from '@shopfront/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { SortableList } from '#src/components/ui/sortable-list.tsx';
import { arrange, useProducts } from '../api/products-api.ts';
import { CoverThumb, ProductIcon, StatusBadge } from './product-badges.tsx';

export interface ProductLayoutEditorProps {
  storeId: string;
  /** The Products page, linked from each row and from the empty state. */
  productsPath: string;
  layout: ProductLayout | undefined;
  onOrderChange: (productIds: string[]) => void;
  onHiddenChange: (productIds: string[]) => void;
}

/**
 * The store's products in storefront order (`productLayout`): drag to reorder, switch "Show on
 * storefront". Controlled: the store builder keeps the layout in its draft.
 */
export function ProductLayoutEditor({ storeId, productsPath, layout, onOrderChange, onHiddenChange }: ProductLayoutEditorProps) {
  const query = useProducts(storeId);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading products" className="space-y-2">
        {[0, 1].map((row) => (
          <div key={row} className="h-16 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError title="Your products could not load" error={query.error} onRetry={() => void query.refetch()} />
    );
  }

  const products = arrange(query.data.products, layout?.order ?? []);
  if (products.length === 0) return <NoProducts productsPath={productsPath} />;

  const hidden = new Set(layout?.hidden ?? []);
  const byId = new Map(products.map((product) => [product.id, product]));
  const setHidden = (productId: string, hide: boolean) => {
    const next = new Set(hidden);
    if (hide) next.add(productId);
    else next.delete(productId);
    // Only the store's products are kept: ids of deleted products fall away.
    onHiddenChange(products.filter((product) => next.has(product.id)).map((product) => product.id));
  };

  return (
    <SortableList
      label="Products in storefront order"
      ids={products.map((product) => product.id)}
      nameOf={(id) => byId.get(id)?.title ?? 'Product'}
      onReorder={onOrderChange}
      renderItem={(id, handle) => {
        const product = byId.get(id);
        return product ? <LayoutRow product={product} shown={!hidden.has(id)} handle={handle} productsPath={productsPath} onShow={(show) => setHidden(id, !show)} /> : null;
      }}
    />
  );
}

function LayoutRow({ product, shown, handle, productsPath, onShow }: { product: Product; shown: boolean; handle: ReactNode; productsPath: string; onShow: (show: boolean) => void }) {
  return (
    <div className={cn('flex items-center gap-2 rounded-xl border p-2', shown ? 'border-slate-200 bg-white' : 'border-dashed border-slate-300 bg-slate-50')}>
      {handle}
      <CoverThumb url={product.coverImageUrl} className="size-11" />
      <div className="min-w-0 flex-1">
        <Link to={`${productsPath}?edit=${encodeURIComponent(product.id)}`} className="block truncate text-sm font-semibold text-slate-900 hover:text-brand-700 hover:underline">
          {product.title}
        </Link>
        <div className="mt-0.5 flex flex-wrap items-center gap-1.5">
          {product.status === 'published' ? null : <StatusBadge status={product.status} />}
          {shown ? null : <span className="text-xs font-medium text-slate-500">Hidden: reachable only by its link</span>}
        </div>
      </div>
      <label className="inline-flex min-h-10 shrink-0 cursor-pointer items-center gap-2 text-xs font-medium text-slate-700">
        <input type="checkbox" role="switch" className="peer sr-only" checked={shown} onChange={(event) => onShow(event.target.checked)} />
        <span
          aria-hidden="true"
          className={cn(
            'relative inline-flex h-6 w-10 shrink-0 items-center rounded-full transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
            shown ? 'bg-emerald-500' : 'bg-slate-300',
          )}
        >
          <span className={cn('inline-block size-5 rounded-full bg-white shadow transition', shown ? 'translate-x-[1.125rem]' : 'translate-x-0.5')} />
        </span>
        <span className="sr-only">Show “{product.title}” on storefront</span>
        <span aria-hidden="true" className="hidden sm:inline">
          Show
        </span>
      </label>
    </div>
  );
}

function NoProducts({ productsPath }: { productsPath: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50/70 px-4 py-8 text-center">
      <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-full bg-white text-brand-600 shadow-sm ring-1 ring-slate-200">
        <ProductIcon className="size-5" />
      </span>
      <div>
        <p className="font-semibold text-slate-900">No products yet</p>
        <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
          Once you add products, they appear here: drag them into the order you want and hide the ones you are not ready to show.
        </p>
      </div>
      <Link to={`${productsPath}?new`} className="text-sm font-semibold text-brand-700 hover:text-brand-900">
        Create your first product →
      </Link>
    </div>
  );
}

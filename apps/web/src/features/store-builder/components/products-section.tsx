import type { Product } from '@shopfront/core';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { cn } from '#src/components/ui/cn.ts';
import { arrange, CoverThumb, SortableList, StatusBadge, useProducts } from '#src/features/products/index.ts';
import { Alert, errorMessage, useActiveStore } from '#src/features/stores/manage.ts';
import type { ProfileValues } from '../hooks/use-draft-editor.ts';
import { BuilderSection } from './builder-section.tsx';

/**
 * Product order and visibility on the storefront (`productLayout`), edited in the draft like the
 * rest of the builder: drag to reorder, switch "Show on storefront". Products themselves are
 * created and edited on the Products page.
 */
export function ProductsSection({ productsPath }: { productsPath: string }) {
  const { store } = useActiveStore();
  return (
    <BuilderSection
      id="builder-products"
      title="Products"
      description="Choose the order of your products and which ones show on your store."
      actions={
        <Link to={productsPath} className="inline-flex min-h-10 items-center text-sm font-semibold text-brand-700 hover:text-brand-900">
          Manage products →
        </Link>
      }
    >
      {store ? <ProductLayoutEditor storeId={store.id} productsPath={productsPath} /> : null}
    </BuilderSection>
  );
}

function ProductLayoutEditor({ storeId, productsPath }: { storeId: string; productsPath: string }) {
  const { control, setValue } = useFormContext<ProfileValues>();
  const layout = useWatch({ control, name: 'productLayout' });
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
      <Alert title="Your products could not load">
        {errorMessage(query.error)}{' '}
        <button type="button" onClick={() => void query.refetch()} className="font-semibold underline">
          Try again
        </button>
      </Alert>
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
    setValue('productLayout.hidden', products.filter((product) => next.has(product.id)).map((product) => product.id), { shouldDirty: true });
  };

  return (
    <SortableList
      label="Products in storefront order"
      ids={products.map((product) => product.id)}
      nameOf={(id) => byId.get(id)?.title ?? 'Product'}
      onReorder={(ids) => setValue('productLayout.order', ids, { shouldDirty: true })}
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
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="size-5">
          <path d="M4 7l8-4 8 4v10l-8 4-8-4zM4 7l8 4 8-4M12 11v10" />
        </svg>
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

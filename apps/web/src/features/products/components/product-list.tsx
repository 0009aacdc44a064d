import type { Product, Store } from '@shopfront/core';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useProducts, useReorderProducts } from '../api/products-api.ts';
import { useProductAnalytics, type ProductNumbers } from '../api/product-analytics-api.ts';
import { priceLabel } from '../lib/product-labels.ts';
import { editorSearch } from '../lib/editor-search.ts';
import { DeleteProductDialog } from './delete-product-dialog.tsx';
import { CoverThumb, ProductIcon, StatusBadge, TypeBadge } from './product-badges.tsx';
import { SortableList } from '#src/components/ui/sortable-list.tsx';

/** The store's products in storefront order: drag to reorder, edit, delete; archived ones on request. */
export function ProductList({ store }: { store: Store }) {
  const [showArchived, setShowArchived] = useState(false);
  const query = useProducts(store.id, showArchived);
  const reorder = useReorderProducts(store.id, showArchived);
  const analytics = useProductAnalytics(store.id);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const switchId = useId();

  const products = query.data?.products ?? [];
  const currency = query.data?.currency ?? 'USD';
  const active = products.filter((product) => product.status !== 'archived');
  const archived = products.filter((product) => product.status === 'archived');
  const byId = new Map(products.map((product) => [product.id, product]));
  // Loading: a placeholder of the line's height; failed: no line at all.
  const numbersOf = (productId: string): RecentNumbers =>
    analytics.isPending ? 'loading' : analytics.data ? { days: analytics.data.days, ...(analytics.data.byId.get(productId) ?? { views: 0, sales: 0 }) } : null;

  const onReorder = (ids: string[]) =>
    reorder.mutate(ids, {
      onError: (error) => toast.error(`The new order was not saved. ${errorMessage(error)}`),
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label htmlFor={switchId} className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-700">
          <input id={switchId} type="checkbox" role="switch" className="peer sr-only" checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />
          <span
            aria-hidden="true"
            className="relative inline-flex h-6 w-10 shrink-0 items-center rounded-full bg-slate-300 transition peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 [&>span]:translate-x-0.5 peer-checked:[&>span]:translate-x-[1.125rem]"
          >
            <span className="inline-block size-5 rounded-full bg-white shadow transition" />
          </span>
          Show archived
        </label>
        <Link to={editorSearch.create()} className={buttonClasses('primary')}>
          + New product
        </Link>
      </div>

      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <LoadError title="Your products could not load" error={query.error} onRetry={() => void query.refetch()} />
      ) : products.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          {active.length > 0 ? (
            <div className="space-y-2">
              {active.length > 1 ? <p className="text-sm text-slate-600">Drag the handle (or focus it and press Space) to change the order on your store.</p> : null}
              <SortableList
                label="Products in storefront order"
                ids={active.map((product) => product.id)}
                nameOf={(id) => byId.get(id)?.title ?? 'Product'}
                onReorder={onReorder}
                renderItem={(id, handle) => {
                  const product = byId.get(id);
                  return product ? <ProductRow product={product} currency={currency} recent={numbersOf(id)} handle={handle} onDelete={() => setDeleting(product)} /> : null;
                }}
              />
            </div>
          ) : (
            <p className="rounded-2xl bg-white p-4 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">No live or draft products. Archived products are below.</p>
          )}
          {showArchived && archived.length > 0 ? (
            <section aria-labelledby={`${switchId}-archived`} className="space-y-2 pt-2">
              <h2 id={`${switchId}-archived`} className="text-sm font-semibold text-slate-700">
                Archived
              </h2>
              <p className="text-sm text-slate-600">Deleted products that had orders. Buyers keep their access; nobody can buy them.</p>
              <ul className="space-y-2" aria-label="Archived products">
                {archived.map((product) => (
                  <li key={product.id}>
                    <ProductRow product={product} currency={currency} recent={numbersOf(product.id)} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}

      <DeleteProductDialog storeId={store.id} product={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

type RecentNumbers = (ProductNumbers & { days: number }) | 'loading' | null;

interface ProductRowProps {
  product: Product;
  currency: string;
  recent: RecentNumbers;
  handle?: ReactNode;
  onDelete?: () => void;
}

function ProductRow({ product, currency, recent, handle, onDelete }: ProductRowProps) {
  const price = priceLabel(product, currency);
  const sales = `${product.salesCount} ${product.salesCount === 1 ? 'sale' : 'sales'}`;
  return (
    <div data-testid="product-row" className="flex items-center gap-2 rounded-2xl bg-white p-2.5 shadow-sm ring-1 ring-slate-200 sm:gap-3 sm:p-3">
      {handle ?? <span className="w-1 shrink-0" aria-hidden="true" />}
      <CoverThumb url={product.coverImageUrl} className="size-14 sm:size-16" />
      <div className="min-w-0 flex-1 space-y-1">
        <Link to={editorSearch.edit(product.id)} className="block truncate font-semibold text-slate-900 hover:text-brand-700 hover:underline">
          {product.title}
        </Link>
        <div className="flex flex-wrap items-center gap-1.5">
          <TypeBadge type={product.type} />
          <StatusBadge status={product.status} />
        </div>
        <p className="text-sm text-slate-600">
          {price ? <span className="font-medium text-slate-800">{price}</span> : <span>No price</span>}
          <span aria-hidden="true"> · </span>
          <span>{sales}</span>
        </p>
        <RecentLine recent={recent} />
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
        <Link to={editorSearch.edit(product.id)} className={buttonClasses('secondary', 'min-h-10 px-3')} aria-label={`${onDelete ? 'Edit' : 'View'} “${product.title}”`}>
          {onDelete ? 'Edit' : 'View'}
        </Link>
        {onDelete ? (
          <button
            type="button"
            onClick={onDelete}
            aria-label={`Delete “${product.title}”`}
            className="inline-flex min-h-10 items-center justify-center rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Delete
          </button>
        ) : null}
      </div>
    </div>
  );
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** "123 views · 4 sales (30 days)" from the analytics; while it loads, a bar of the same height. */
function RecentLine({ recent }: { recent: RecentNumbers }) {
  if (recent === null) return null;
  if (recent === 'loading') return <span aria-hidden="true" data-testid="recent-numbers-loading" className="block h-4 w-40 animate-pulse rounded bg-slate-100" />;
  return (
    <p data-testid="recent-numbers" className="text-xs leading-4 text-slate-600">
      {`${plural(recent.views, 'view', 'views')} · ${plural(recent.sales, 'sale', 'sales')} (${recent.days} days)`}
    </p>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading products" className="space-y-2">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex animate-pulse items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
          <span className="size-16 rounded-xl bg-slate-200" />
          <span className="flex-1 space-y-2">
            <span className="block h-4 w-1/2 rounded bg-slate-200" />
            <span className="block h-3 w-1/3 rounded bg-slate-100" />
          </span>
        </div>
      ))}
    </div>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
      <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <ProductIcon className="size-6" />
      </span>
      <div>
        <h2 className="text-lg font-semibold text-slate-900">No products yet</h2>
        <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">Sell a download, give away a freebie for an email, or link to anything you recommend.</p>
      </div>
      <Link to={editorSearch.create()} className={buttonClasses('primary', 'mt-2')}>
        Create your first product
      </Link>
    </div>
  );
}

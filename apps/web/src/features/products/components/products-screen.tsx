import type { ProductType, Store } from '@shopfront/core';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '#src/components/ui/alert.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useActiveStore } from '#src/lib/active-store.ts';
import { useProduct, useProducts } from '../api/products-api.ts';
import { editorSearch, readEditorView } from '../lib/editor-search.ts';
import { ProductList } from './product-list.tsx';
import { TypeChooser } from './type-chooser.tsx';

/** The editor (with Tiptap/ProseMirror, the dashboard's largest dependency) loads when opened. */
const LazyProductEditor = lazy(() => import('./product-editor.tsx').then((module) => ({ default: module.ProductEditor })));

function ProductEditor(props: Parameters<typeof LazyProductEditor>[0]) {
  return (
    <Suspense fallback={<Spinner label="Loading the editor" />}>
      <LazyProductEditor {...props} />
    </Suspense>
  );
}

/** /dashboard/products for the active store: the list, the type chooser, or the editor (by query string). */
export function ProductsScreen({ dashboardPath }: { dashboardPath: string }) {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  const [params] = useSearchParams();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" message={errorMessage(error)} onRetry={() => void refetch()} />;
  if (!store) {
    return (
      <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold text-slate-900">Create a store first</h2>
        <p className="mt-1 text-sm text-slate-600">Products are sold from your store. Create it, then come back.</p>
        <Link to={dashboardPath} className={buttonClasses('primary', 'mt-5')}>
          Create your store
        </Link>
      </div>
    );
  }
  const view = readEditorView(params);
  if (view.view === 'choose-type') return <TypeChooser />;
  if (view.view === 'create') return <NewProduct key={`${store.id}-new-${view.type}`} store={store} type={view.type} />;
  if (view.view === 'edit') return <EditProduct key={`${store.id}-${view.productId}`} store={store} productId={view.productId} />;
  return <ProductList key={store.id} store={store} />;
}

function NewProduct({ store, type }: { store: Store; type: ProductType }) {
  // The store currency comes with the product list.
  const list = useProducts(store.id);
  if (list.isPending) return <Spinner label="Loading" />;
  if (list.isError) return <LoadError title="The editor could not load" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  return <ProductEditor store={store} product={null} type={type} currency={list.data.currency} />;
}

function EditProduct({ store, productId }: { store: Store; productId: string }) {
  const query = useProduct(store.id, productId);
  if (query.isPending) return <Spinner label="Loading the product" />;
  if (query.isError) {
    return (
      <div className="space-y-4">
        <Link to={editorSearch.list()} className="inline-flex min-h-10 items-center text-sm font-semibold text-slate-600 hover:text-slate-900">
          ← All products
        </Link>
        <LoadError title="This product could not load" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return <ProductEditor store={store} product={query.data} type={query.data.type} currency={query.data.currency} />;
}

function LoadError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Alert title={title}>
      {message}{' '}
      <button type="button" onClick={onRetry} className="font-semibold underline">
        Try again
      </button>
    </Alert>
  );
}

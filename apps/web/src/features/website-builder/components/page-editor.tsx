import type { Store } from '@shopfront/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { useStoreProducts, useStorefrontForCanvas, useWebsitePage, useWebsitePages } from '../api/website-pages-api.ts';
import type { WebsiteCanvasKit } from '../lib/canvas-kit.ts';
import { PageEditorBody } from './page-editor-body.tsx';

export interface WebsitePageEditorProps<Ctx> {
  pageSlug: string;
  kit: WebsiteCanvasKit<Ctx>;
  /** The pages list, where "All pages" goes back to. */
  pagesPath: string;
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 p-6">{children}</div>;
}

/** /dashboard/website-builder/page/:pageSlug: one page of the active store's website in Puck. */
export function WebsitePageEditor<Ctx>({ pageSlug, kit, pagesPath }: WebsitePageEditorProps<Ctx>) {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Centered><Spinner label="Loading your store" /></Centered>;
  if (isError) return <Centered><LoadError title="Your store could not load" error={error} onRetry={() => void refetch()} /></Centered>;
  if (!store) return <Centered><p className="text-center text-slate-600">Create a store first; its website pages will appear here.</p></Centered>;
  return <PageEditorLoader key={`${store.id}/${pageSlug}`} store={store} pageSlug={pageSlug} kit={kit as WebsiteCanvasKit<unknown>} pagesPath={pagesPath} />;
}

interface LoaderProps {
  store: Store;
  pageSlug: string;
  kit: WebsiteCanvasKit<unknown>;
  pagesPath: string;
}

function PageEditorLoader({ store, pageSlug, kit, pagesPath }: LoaderProps) {
  const page = useWebsitePage(store.id, pageSlug);
  const products = useStoreProducts(store.id);
  const storefront = useStorefrontForCanvas(store.id, store.slug);
  const pages = useWebsitePages(store.id);
  const back = (
    <Link to={pagesPath} className={buttonClasses('secondary', 'self-start')}>
      Back to all pages
    </Link>
  );

  if (page.isError) {
    return (
      <Centered>
        <LoadError title="This page could not load" error={page.error} onRetry={() => void page.refetch()} />
        {back}
      </Centered>
    );
  }
  const other = [products, storefront, pages].find((query) => query.isError);
  if (other) {
    return (
      <Centered>
        <LoadError title="The editor could not load" error={other.error} onRetry={() => void other.refetch()} />
        {back}
      </Centered>
    );
  }
  if (page.isPending || !products.data || storefront.isPending || !pages.data) return <Centered><Spinner label="Loading the editor" /></Centered>;
  if (!storefront.data) {
    return (
      <Centered>
        <Alert>Your store could not be found.</Alert>
        {back}
      </Centered>
    );
  }
  return (
    <PageEditorBody
      key={page.data.id}
      store={store}
      page={page.data}
      products={products.data.products}
      storefront={storefront.data}
      pages={pages.data.pages}
      kit={kit}
      pagesPath={pagesPath}
    />
  );
}

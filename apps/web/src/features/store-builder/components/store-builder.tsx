import type { Store } from '@shopfront/core';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useActiveStore } from '#src/lib/active-store.ts';
import { useStoreDraft } from '../api/draft-api.ts';
import { BuilderEditor } from './builder-editor.tsx';
import type { StorePreview } from './preview-pane.tsx';
import type { ProductLayoutField } from './products-section.tsx';

export interface StoreBuilderProps {
  dashboardPath: string;
  productsPath: string;
  /** The storefront view that draws the live preview. */
  preview: StorePreview;
  /** The products feature's list for ordering and hiding products. */
  productLayoutField: ProductLayoutField;
}

type Slots = Pick<StoreBuilderProps, 'productsPath' | 'preview' | 'productLayoutField'>;

/** /dashboard/store-builder for the active store; switching stores remounts the editor (`key`). */
export function StoreBuilder({ dashboardPath, ...slots }: StoreBuilderProps) {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError message={errorMessage(error)} onRetry={() => void refetch()} />;
  if (!store) {
    return (
      <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold text-slate-900">Create a store first</h2>
        <p className="mt-1 text-sm text-slate-600">The builder designs your store&apos;s page. Create your store, then come back.</p>
        <Link to={dashboardPath} className={buttonClasses('primary', 'mt-5')}>
          Create your store
        </Link>
      </div>
    );
  }
  return <DraftLoader key={store.id} store={store} {...slots} />;
}

function DraftLoader({ store, ...slots }: Slots & { store: Store }) {
  const draft = useStoreDraft(store.id);
  if (draft.isPending) return <Spinner label="Loading your draft" />;
  if (draft.isError) return <LoadError message={errorMessage(draft.error)} onRetry={() => void draft.refetch()} />;
  return <BuilderEditor store={store} initial={draft.data} {...slots} />;
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert title="The store builder could not load">
      {message}{' '}
      <button type="button" onClick={onRetry} className="font-semibold underline">
        Try again
      </button>
    </Alert>
  );
}

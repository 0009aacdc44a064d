import { storefrontUrl } from '@shopfront/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useActiveStore } from '#src/lib/active-store.ts';
import { useStoreHost } from '#src/lib/use-store-host.ts';
import { NextSteps, type NextStepsPaths } from './next-steps.tsx';
import { StoreInitials } from './store-initials.tsx';
import { StoreStats } from './store-stats.tsx';
import { useStoreStats } from '../hooks/use-store-stats.ts';
import { Alert } from '#src/components/ui/alert.tsx';
import { withAppStyles } from '#src/components/layout/lazy-page.tsx';

type StoreHomeProps = NextStepsPaths & {
  /** What another feature adds below the next steps (the membership numbers), for a store that has products. */
  belowNextSteps?: (storeId: string) => ReactNode;
};

// Only a creator without a store sees the form (react-hook-form, zod): it is not part of the first screen's bundle.
const CreateStoreForm = lazy(() => withAppStyles(() => import('./create-store-form.tsx'))().then((module) => ({ default: module.CreateStoreForm })));

/** /dashboard: the active store at a glance, or, with no store yet, the form to create one. */
export function StoreHome({ builderPath, settingsPath, productsPath, belowNextSteps }: StoreHomeProps) {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  const host = useStoreHost();

  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) {
    return (
      <Alert title="Your stores could not load">
        {errorMessage(error)}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  if (!store) return <NoStoreYet />;

  const publicPath = storefrontUrl(store, { origin: '' });
  return (
    <div className="space-y-6">
      <section aria-labelledby="active-store-title" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="bg-gradient-to-br from-brand-600 via-brand-500 to-violet-500 px-5 py-6 sm:px-6">
          <div className="flex items-center gap-4">
            <StoreInitials id={store.id} name={store.name} className="size-14 text-lg ring-4 ring-white/30" />
            <div className="min-w-0">
              <p className="text-sm font-medium text-white/80">Active store</p>
              <h2 id="active-store-title" className="truncate text-xl font-bold text-white sm:text-2xl">
                {store.name}
              </h2>
              <a href={publicPath} target="_blank" rel="noreferrer" className="mt-0.5 inline-block max-w-full truncate text-sm font-medium text-white underline-offset-2 hover:underline">
                {host}
                {publicPath}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
          </div>
        </div>
        <div className="flex flex-col gap-4 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="text-sm text-slate-600">
            {store.publishedAt ? `Last published ${new Date(store.publishedAt).toLocaleString()}` : 'Not published yet: visitors see your starter page.'}
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to={builderPath} className={buttonClasses('primary')}>
              Open store builder
            </Link>
            <a href={publicPath} target="_blank" rel="noreferrer" className={buttonClasses('secondary')}>
              View store
            </a>
          </div>
        </div>
      </section>

      <section aria-labelledby="store-stats-title" className="space-y-3">
        <h2 id="store-stats-title" className="text-base font-semibold text-slate-900">
          At a glance
        </h2>
        <StoreStats storeId={store.id} />
      </section>

      <NextSteps storeId={store.id} builderPath={builderPath} settingsPath={settingsPath} productsPath={productsPath} />

      {belowNextSteps ? <WithProducts storeId={store.id}>{belowNextSteps(store.id)}</WithProducts> : null}
    </div>
  );
}

/** Its children only once the store has a product (from the stats query the overview already made): a store without one asks nothing more. */
function WithProducts({ storeId, children }: { storeId: string; children: ReactNode }) {
  const stats = useStoreStats(storeId);
  return (stats.data?.products ?? 0) > 0 ? children : null;
}

function NoStoreYet() {
  return (
    <section aria-labelledby="no-store-title" className="mx-auto max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <div className="mb-6 text-center">
        <div aria-hidden="true" className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="size-6">
            <path d="M4 9.5 5.5 4h13L20 9.5M4 9.5h16M4 9.5V20h16V9.5M9.5 20v-5h5v5" />
          </svg>
        </div>
        <h2 id="no-store-title" className="text-xl font-semibold text-slate-900">
          Create your store
        </h2>
        <p className="mt-1 text-sm text-slate-600">You don&apos;t have a store yet. Name it, and it gets its own web address right away.</p>
      </div>
      <Suspense fallback={<Spinner label="Loading the form" />}>
        <CreateStoreForm first />
      </Suspense>
    </section>
  );
}

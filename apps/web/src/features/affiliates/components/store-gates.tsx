import type { AffiliateProgram, Store } from '@shopfront/core';
import type { ReactNode } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { useAffiliateProgram } from '../api/affiliates-api.ts';

/** The active store (as every dashboard screen takes it), with its loading, error and no-store states. */
export function WithActiveStore({ children }: { children: (store: Store) => ReactNode }) {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" error={error} onRetry={() => void refetch()} />;
  if (!store) return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">Create a store first; its affiliate program will appear here.</p>;
  return <>{children(store)}</>;
}

/** The store's program terms (currency, test clock…), which every part of the section reads. */
export function WithProgram({ storeId, children }: { storeId: string; children: (program: AffiliateProgram) => ReactNode }) {
  const program = useAffiliateProgram(storeId);
  if (program.isPending) return <Spinner label="Loading the affiliate program" />;
  if (program.isError) return <LoadError title="The affiliate program could not load" error={program.error} onRetry={() => void program.refetch()} />;
  return <>{children(program.data)}</>;
}

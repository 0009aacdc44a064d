import { isAppError } from '@shopfront/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useMyPurchases } from '../api/members-api.ts';
import { customerSessionQueryKey } from '../hooks/use-customer-session.ts';
import { PurchaseCard } from './purchase-card.tsx';

/** "Your purchases" and "Free resources" (lead magnets), newest first, with fresh download links. */
export function PurchasesSection({ storeId, storeHref }: { storeId: string; storeHref: string }) {
  const purchases = useMyPurchases(storeId);
  const queryClient = useQueryClient();
  const sessionEnded = isAppError(purchases.error) && purchases.error.code === 'unauthenticated';
  useEffect(() => {
    // The session ended elsewhere (signed out, password reset): the guard sends them to sign in.
    if (sessionEnded) queryClient.setQueryData(customerSessionQueryKey(storeId), null);
  }, [sessionEnded, queryClient, storeId]);

  if (purchases.isPending) {
    return (
      <div role="status" aria-busy="true" className="space-y-3">
        <span className="sr-only">Loading your purchases</span>
        {[0, 1].map((row) => (
          <div key={row} aria-hidden="true" className="sf-members-item flex animate-pulse gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <div className="size-20 rounded-xl bg-slate-200" />
            <div className="flex-1 space-y-2 pt-1">
              <div className="h-4 w-2/3 rounded bg-slate-200" />
              <div className="h-3 w-1/3 rounded bg-slate-100" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (purchases.isError && !purchases.data) {
    return (
      <Alert title="Your purchases could not load">
        {errorMessage(purchases.error)}{' '}
        <button type="button" onClick={() => void purchases.refetch()} className="font-semibold underline">
          Try again
        </button>
      </Alert>
    );
  }

  const all = purchases.data.purchases;
  const paid = all.filter((purchase) => purchase.product.type !== 'lead-magnet');
  const free = all.filter((purchase) => purchase.product.type === 'lead-magnet');

  if (all.length === 0) {
    return (
      <div className="sf-members-item rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold text-slate-900">No purchases yet</h2>
        <p className="mt-1 text-sm text-slate-600">What you buy from this store with this email shows up here.</p>
        <a href={storeHref} className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-600 underline underline-offset-2">
          Browse the store
        </a>
      </div>
    );
  }

  return (
    <div className="space-y-8">
      {purchases.isRefetchError ? (
        <Alert tone="warning">
          The download links could not be refreshed. {errorMessage(purchases.error)}{' '}
          <Button variant="ghost" className="min-h-0 px-1 py-0 underline" onClick={() => void purchases.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {paid.length > 0 ? <Group title="Your purchases" id="purchases-title" items={paid} /> : null}
      {free.length > 0 ? <Group title="Free resources" id="free-resources-title" items={free} /> : null}
    </div>
  );
}

function Group({ title, id, items }: { title: string; id: string; items: Parameters<typeof PurchaseCard>[0]['purchase'][] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="space-y-3">
        {items.map((purchase) => (
          <PurchaseCard key={purchase.orderId} purchase={purchase} />
        ))}
      </ul>
    </section>
  );
}

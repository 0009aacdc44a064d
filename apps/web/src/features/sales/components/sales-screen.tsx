import { formatMoney, type Order, storefrontUrl } from '@shopfront/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useActiveStore } from '#src/lib/active-store.ts';
import { ordersCsvUrl, useOrders, useRefundOrder, useStoreTimeZone } from '../api/orders-api.ts';
import { isReversedRange, readSalesFilters, salesFilterQuery, type SalesFilters } from '../lib/sales-filters.ts';
import { OrdersList } from './orders-list.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { SalesFiltersBar } from './sales-filters-bar.tsx';
import { TotalsCards } from './totals-cards.tsx';

export const EMPTY_SALES_TEXT = 'No orders yet — share your store link';

/** /dashboard/sales for the active store: totals, filters (in the URL), orders, refunds, CSV export. */
export function SalesScreen({ today = () => new Date() }: { today?: () => Date }) {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" message={errorMessage(error)} onRetry={() => void refetch()} />;
  if (!store) return <p className="text-slate-600">Create a store to start selling.</p>;
  return <StoreSales storeId={store.id} slug={store.slug} today={today()} />;
}

function StoreSales({ storeId, slug, today }: { storeId: string; slug: string; today: Date }) {
  const [params, setParams] = useSearchParams();
  const filters = readSalesFilters(params);
  const reversed = isReversedRange(filters);
  const orders = useOrders(storeId, filters, !reversed);
  const refund = useRefundOrder(storeId);
  const timeZone = useStoreTimeZone(storeId);
  const [refunding, setRefunding] = useState<Order | null>(null);

  const setFilters = (next: SalesFilters) => setParams(salesFilterQuery(next), { replace: true });
  const filtered = Boolean(filters.from || filters.to || filters.status);

  const confirmRefund = (order: Order, amountCents: number) =>
    refund.mutate(
      { order, amountCents },
      {
        onSuccess: (refunded) => {
          setRefunding(null);
          const amount = formatMoney(amountCents, refunded.currency);
          toast.success(
            refunded.status === 'refunded'
              ? `Refunded ${amount} to ${refunded.customer.name}. The order is fully refunded and its downloads are revoked.`
              : `Refunded ${amount} to ${refunded.customer.name}. Their downloads keep working.`,
          );
        },
      },
    );
  const closeRefund = () => {
    setRefunding(null);
    refund.reset();
  };

  const pages = orders.data?.pages ?? [];
  const list = pages.flatMap((page) => page.orders);
  const totals = pages[0]?.totals;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <SalesFiltersBar filters={filters} today={today} timeZone={timeZone} onChange={setFilters} />
        </div>
        <a href={ordersCsvUrl(storeId, salesFilterQuery(filters))} download className={buttonClasses('secondary', 'shrink-0')}>
          Export CSV
        </a>
      </div>

      {reversed ? null : orders.isPending ? (
        <div className="py-10">
          <Spinner label="Loading orders" />
        </div>
      ) : orders.isError && !orders.data ? (
        <LoadError title="Orders could not load" message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} />
      ) : (
        <>
          {totals ? <TotalsCards totals={totals} /> : null}
          {list.length === 0 ? (
            <EmptyState filtered={filtered} slug={slug} />
          ) : (
            <>
              <OrdersList orders={list} onRefund={setRefunding} />
              <div className="flex flex-col items-center gap-3">
                <p aria-live="polite" className="text-sm text-slate-600">
                  Showing {list.length} of {totals?.count ?? list.length} orders
                </p>
                {orders.isFetchNextPageError ? <Alert>{errorMessage(orders.error)}</Alert> : null}
                {orders.hasNextPage ? (
                  <Button variant="secondary" onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage} aria-busy={orders.isFetchingNextPage}>
                    {orders.isFetchingNextPage ? 'Loading…' : 'Load more'}
                  </Button>
                ) : null}
              </div>
            </>
          )}
        </>
      )}

      <RefundDialog
        order={refunding}
        pending={refund.isPending}
        error={refund.isError ? errorMessage(refund.error) : null}
        onConfirm={confirmRefund}
        onClose={closeRefund}
      />
    </div>
  );
}

function EmptyState({ filtered, slug }: { filtered: boolean; slug: string }) {
  if (filtered) {
    return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">No orders match these filters.</p>;
  }
  return (
    <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <p className="font-semibold text-slate-900">{EMPTY_SALES_TEXT}</p>
      <p className="mt-1 text-sm text-slate-600">When someone buys, the order shows up here.</p>
      <a href={storefrontUrl({ slug }, { origin: '' })} target="_blank" rel="noreferrer" className={buttonClasses('primary', 'mt-4')}>
        Open your store
      </a>
    </div>
  );
}

function LoadError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Alert title={title}>
      {message}{' '}
      <button type="button" className="font-semibold underline" onClick={onRetry}>
        Try again
      </button>
    </Alert>
  );
}

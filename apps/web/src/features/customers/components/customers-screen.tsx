import type { Store } from '@shopfront/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import { useActiveStore } from '#src/lib/active-store.ts';
import { customersCsvUrl, useCustomerList, useCustomerSearch, useStoreCurrency } from '../api/customers-api.ts';
import { AddCustomerDialog } from './add-customer-dialog.tsx';
import { CustomerDetail } from './customer-detail.tsx';
import { CustomerRows, CustomerRowsSkeleton } from './customer-rows.tsx';
import { LoadError } from '#src/components/errors/load-error.tsx';

export const SEARCH_DEBOUNCE_MS = 300;
export const EMPTY_CUSTOMERS_TEXT = 'No customers yet — they appear here after their first purchase or sign-up';

/** /dashboard/customers for the active store; `?customer=<id>` opens one customer. */
export function CustomersScreen() {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" error={error} onRetry={() => void refetch()} />;
  if (!store) return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">Create a store first; its customers will appear here.</p>;
  return <StoreCustomers key={store.id} store={store} />;
}

function StoreCustomers({ store }: { store: Store }) {
  const [params] = useSearchParams();
  const customerId = params.get('customer');
  const currency = useStoreCurrency(store.id);
  return (
    <>
      {customerId ? <CustomerDetail storeId={store.id} customerId={customerId} currency={currency} /> : null}
      {/* Kept mounted under the detail so the search and loaded pages survive a visit. */}
      <div hidden={customerId !== null}>
        <CustomerDirectory store={store} currency={currency} />
      </div>
    </>
  );
}

function CustomerDirectory({ store, currency }: { store: Store; currency: string }) {
  const [input, setInput] = useState('');
  const [adding, setAdding] = useState(false);
  const typed = input.trim();
  const settled = useDebouncedValue(typed, typed, SEARCH_DEBOUNCE_MS);
  // Clearing the box returns to the list at once; typing waits for the debounce.
  const query = typed === '' ? '' : settled;
  const list = useCustomerList(store.id);
  const total = list.data?.pages[0]?.total;

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600" aria-live="polite">
          {total === undefined ? '\u00a0' : total === 1 ? '1 customer' : `${total.toLocaleString()} customers`}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <a href={customersCsvUrl(store.id)} download className={buttonClasses('secondary')}>
            Export CSV
          </a>
          <Button onClick={() => setAdding(true)}>Add customer</Button>
        </div>
      </div>
      <div>
        <label htmlFor="customer-search" className="sr-only">
          Search customers
        </label>
        <input
          id="customer-search"
          type="search"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          placeholder="Search by name or email"
          maxLength={100}
          className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-brand-600 sm:text-sm"
        />
      </div>
      {query ? <SearchResults storeId={store.id} query={query} currency={currency} /> : <CustomerList list={list} currency={currency} onAdd={() => setAdding(true)} />}
      <AddCustomerDialog storeId={store.id} open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}

function CustomerList({ list, currency, onAdd }: { list: ReturnType<typeof useCustomerList>; currency: string; onAdd: () => void }) {
  if (list.isPending) return <CustomerRowsSkeleton />;
  // A failed "Load more" keeps the loaded pages (the query is in error with its data).
  if (!list.data) return <LoadError title="Customers could not load" error={list.error} onRetry={() => void list.refetch()} />;
  const customers = list.data.pages.flatMap((page) => page.customers);
  if (customers.length === 0) {
    return (
      <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <p className="font-medium text-slate-900">{EMPTY_CUSTOMERS_TEXT}</p>
        <Button variant="secondary" className="mt-4" onClick={onAdd}>
          Add a customer by hand
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <CustomerRows customers={customers} currency={currency} />
      {list.isFetchNextPageError ? <LoadError title="More customers could not load" error={list.error} onRetry={() => void list.fetchNextPage()} /> : null}
      {list.hasNextPage ? (
        <div className="text-center">
          <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} aria-busy={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function SearchResults({ storeId, query, currency }: { storeId: string; query: string; currency: string }) {
  const search = useCustomerSearch(storeId, query);
  if (search.isPending) return <CustomerRowsSkeleton />;
  if (search.isError) return <LoadError title="Search failed" error={search.error} onRetry={() => void search.refetch()} />;
  const { customers } = search.data;
  return (
    <div className="space-y-3" aria-busy={search.isFetching}>
      <p className="text-sm text-slate-600" role="status">
        {customers.length === 0 ? `No customers match “${query}”` : `${customers.length} ${customers.length === 1 ? 'match' : 'matches'} for “${query}”`}
      </p>
      {customers.length > 0 ? <CustomerRows customers={customers} currency={currency} /> : null}
    </div>
  );
}

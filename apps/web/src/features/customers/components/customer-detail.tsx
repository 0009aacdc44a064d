import { formatMoney, type Order } from '@shopfront/core';
import { Link } from 'react-router';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useCustomer } from '../api/customers-api.ts';
import { formatDate } from '../format.ts';
import { CustomerEditForm } from './customer-edit-form.tsx';
import { MemberBadge } from './customer-rows.tsx';
import { LoadError } from '#src/components/errors/load-error.tsx';

const CARD = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6';

/** One customer (getStoreCustomer): contact, lifetime value, orders, and notes/tags/consent. */
export function CustomerDetail({ storeId, customerId, currency }: { storeId: string; customerId: string; currency: string }) {
  const detail = useCustomer(storeId, customerId);
  return (
    <div className="space-y-5">
      <Link to={{ search: '' }} className="inline-flex items-center gap-2 rounded-md text-sm font-semibold text-slate-700 hover:text-slate-900">
        <span aria-hidden="true">←</span> All customers
      </Link>
      {detail.isPending ? (
        <Spinner label="Loading customer" />
      ) : detail.isError ? (
        <LoadError title="This customer could not load" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <>
          <section aria-labelledby="customer-name" className={CARD}>
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="customer-name" className="text-xl font-bold text-slate-900">
                {detail.data.customer.name || detail.data.customer.email}
              </h2>
              {detail.data.customer.hasAccount ? <MemberBadge /> : null}
            </div>
            <a href={`mailto:${detail.data.customer.email}`} className="mt-1 inline-block break-all text-sm font-medium text-brand-700 hover:underline">
              {detail.data.customer.email}
            </a>
            {detail.data.customer.timeZone ? <p className="mt-1 text-sm text-slate-600">Time zone: {detail.data.customer.timeZone}</p> : null}
            <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <Stat label="Lifetime value" value={formatMoney(detail.data.customer.lifetimeValueCents, currency)} />
              <Stat label="Orders" value={String(detail.data.customer.orderCount)} />
              <Stat label="Last order" value={formatDate(detail.data.customer.lastOrderAt)} />
              <Stat label="Customer since" value={formatDate(detail.data.customer.createdAt)} />
            </dl>
          </section>
          <section aria-labelledby="customer-orders" className={CARD}>
            <h3 id="customer-orders" className="text-lg font-semibold text-slate-900">
              Orders
            </h3>
            <OrderList orders={detail.data.orders} />
          </section>
          <section aria-labelledby="customer-edit" className={CARD}>
            <h3 id="customer-edit" className="text-lg font-semibold text-slate-900">
              Notes and tags
            </h3>
            <CustomerEditForm key={detail.data.customer.id} storeId={storeId} customer={detail.data.customer} />
          </section>
        </>
      )}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

function OrderList({ orders }: { orders: Order[] }) {
  if (orders.length === 0) return <p className="mt-3 text-sm text-slate-600">No orders yet.</p>;
  return (
    <ul className="mt-3 divide-y divide-slate-100" aria-label="Orders">
      {orders.map((order) => (
        <li key={order.id} data-testid="customer-order" className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 text-sm">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{order.product.title}</p>
            <p className="text-slate-500">
              {formatDate(order.createdAt)} · {order.downloadCount === 1 ? '1 download' : `${order.downloadCount} downloads`}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <span className="tabular-nums font-medium text-slate-900">{formatMoney(order.amountCents, order.currency)}</span>
            <span
              className={
                order.status === 'refunded'
                  ? 'rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-inset ring-amber-200'
                  : 'rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-200'
              }
            >
              {order.status === 'refunded' ? 'Refunded' : 'Paid'}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

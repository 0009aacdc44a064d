import { formatMoney, type Order } from '@shopfront/core';
import { Button } from '#src/components/ui/button.tsx';
import { formatDateTime } from '../lib/format.ts';
import { StatusBadge } from './status-badge.tsx';
import { OrderPlan } from './order-plan.tsx';

const COLUMNS = 'md:grid md:grid-cols-[9rem_minmax(0,1.3fr)_minmax(0,1.5fr)_7rem_6.5rem_5.5rem_7rem] md:items-center md:gap-4';

/**
 * The orders: a table-like grid from `md` up, stacked cards on phones (one list, so screen readers
 * and tests see each order once).
 */
export function OrdersList({ orders, onRefund }: { orders: Order[]; onRefund: (order: Order) => void }) {
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div aria-hidden="true" className={`hidden border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase ${COLUMNS}`}>
        <span>Date</span>
        <span>Product</span>
        <span>Customer</span>
        <span className="text-right">Amount</span>
        <span>Status</span>
        <span className="text-right">Downloads</span>
        <span className="sr-only">Actions</span>
      </div>
      <ul aria-label="Orders" className="divide-y divide-slate-100">
        {orders.map((order) => (
          <li key={order.id} data-testid="order" className={`grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-4 ${COLUMNS}`}>
            <span className="order-2 col-span-2 text-sm text-slate-600 md:order-none md:col-span-1">
              <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </span>
            <span className="order-1 font-semibold break-words text-slate-900 md:order-none">
              {order.product.title}
              {order.items && order.items.length > 1 ? (
                <ul aria-label={`Lines of the order by ${order.customer.name}`} className="mt-1 space-y-0.5 text-sm font-normal text-slate-600">
                  {order.items.map((item, index) => (
                    <li key={index}>
                      {index > 0 ? '+ ' : ''}
                      {item.title} · <span className="tabular-nums">{formatMoney(item.amountCents, order.currency)}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </span>
            <span className="order-3 col-span-2 min-w-0 text-sm md:order-none md:col-span-1">
              <span className="block font-medium break-words text-slate-900">{order.customer.name}</span>
              <span className="block break-all text-slate-600">{order.customer.email}</span>
            </span>
            <span className="order-1 text-right tabular-nums md:order-none">
              <span className="block font-semibold text-slate-900">{formatMoney(order.amountCents, order.currency)}</span>
              {order.refundedCents > 0 ? (
                <span className="block text-xs text-slate-600">{formatMoney(order.refundedCents, order.currency)} refunded</span>
              ) : null}
            </span>
            <span className="order-4 md:order-none">
              <StatusBadge status={order.status} partlyRefunded={order.refundedCents > 0} />
            </span>
            <span className="order-4 text-right text-sm text-slate-600 tabular-nums md:order-none">
              <span className="md:sr-only">Downloads: </span>
              {order.downloadCount}
            </span>
            {order.plan ? <OrderPlan order={{ ...order, plan: order.plan }} /> : null}
            {order.refunds && order.refunds.length > 0 ? <RefundHistory order={order} /> : null}
            <span className="order-5 col-span-2 pt-2 md:order-none md:col-span-1 md:pt-0 md:text-right">
              {order.status === 'paid' ? (
                <Button variant="secondary" className="w-full md:w-auto" onClick={() => onRefund(order)} aria-label={`Refund ${order.product.title} for ${order.customer.name}`}>
                  Refund
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The order's refunds, oldest first, and what remains: a disclosure under the order's row. */
function RefundHistory({ order }: { order: Order }) {
  const refunds = order.refunds ?? [];
  const remaining = order.amountCents - order.refundedCents;
  return (
    <details className="order-6 col-span-2 text-sm md:order-last md:col-span-7">
      <summary className="cursor-pointer font-medium text-slate-700 hover:text-slate-900">
        {refunds.length === 1 ? '1 refund' : `${refunds.length} refunds`} · {formatMoney(order.refundedCents, order.currency)} of {formatMoney(order.amountCents, order.currency)}
      </summary>
      <ul aria-label={`Refunds of ${order.product.title} for ${order.customer.name}`} className="mt-2 space-y-1 rounded-lg bg-slate-50 p-3">
        {refunds.map((refund) => (
          <li key={refund.id} className="flex justify-between gap-4">
            <time dateTime={refund.createdAt} className="text-slate-600">
              {formatDateTime(refund.createdAt)}
            </time>
            <span className="font-medium text-slate-900 tabular-nums">{formatMoney(refund.amountCents, order.currency)}</span>
          </li>
        ))}
        <li className="flex justify-between gap-4 border-t border-slate-200 pt-1">
          <span className="text-slate-600">{remaining > 0 ? 'Still refundable' : 'Fully refunded'}</span>
          <span className="font-medium text-slate-900 tabular-nums">{remaining > 0 ? formatMoney(remaining, order.currency) : '—'}</span>
        </li>
      </ul>
    </details>
  );
}

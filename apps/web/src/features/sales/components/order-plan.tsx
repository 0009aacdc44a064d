import { formatMoney, planSchedule, type Order, type PlanScheduleLine } from '@shopfront/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callFunction } from '#src/lib/call-function.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';
import { formatDateTime } from '../lib/format.ts';

const STATUS: Record<NonNullable<Order['plan']>['status'], string> = {
  active: 'paying',
  past_due: 'payment failed',
  locked: 'access locked',
  completed: 'paid in full',
  cancelled: 'refunded',
};

function lineText(line: PlanScheduleLine): string {
  switch (line.state) {
    case 'paid':
      return `Paid ${formatDateTime(line.at)}`;
    case 'refunded':
      return `Refunded`;
    case 'failed':
      return line.at ? `Failed — next try ${formatDateTime(line.at)}` : 'Failed — locked until the buyer updates the card';
    case 'due':
      return line.at ? `Due ${formatDateTime(line.at)}` : 'Due';
    case 'cancelled':
      return 'Cancelled';
  }
}

/**
 * "Payment plan: 3 × $99" under a plan order on the Sales page (decision 047), and each
 * instalment's state (paid date, due date, or "Failed — next try …"), read when opened.
 */
export function OrderPlan({ order }: { order: Order & { plan: NonNullable<Order['plan']> } }) {
  const [open, setOpen] = useState(false);
  const plan = useQuery({
    queryKey: [...STORE_KEYS.store(order.storeId), 'orders', order.id, 'plan'] as const,
    queryFn: () => callFunction('getOrderPaymentPlan', { storeId: order.storeId, orderId: order.id }),
    enabled: open,
  });
  const { instalments, instalmentCents, paidCount, status } = order.plan;
  return (
    <details className="order-6 col-span-2 text-sm md:order-last md:col-span-7" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-medium text-slate-700 hover:text-slate-900">
        Payment plan: {instalments} × {formatMoney(instalmentCents, order.currency)} · {paidCount} of {instalments} paid, {STATUS[status]}
      </summary>
      {plan.isError ? <p className="mt-2 text-red-700">{errorMessage(plan.error)}</p> : null}
      {plan.data?.plan ? (
        <ol aria-label={`Instalments of ${order.product.title} for ${order.customer.name}`} className="mt-2 space-y-1 rounded-lg bg-slate-50 p-3">
          {planSchedule(plan.data.plan).map((line) => (
            <li key={line.instalment} className="flex justify-between gap-4">
              <span className="text-slate-600">Instalment {line.instalment}</span>
              <span className="font-medium text-slate-900">{lineText(line)}</span>
            </li>
          ))}
        </ol>
      ) : open && plan.isPending ? (
        <p className="mt-2 text-slate-600">Loading the instalments…</p>
      ) : null}
    </details>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { formatMoney, toMajorUnits, type Order } from '@shopfront/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { refundAmountSchema, remainingCents } from '../lib/refund-amount.ts';

interface RefundDialogProps {
  order: Order | null;
  pending: boolean;
  error: string | null;
  onConfirm: (order: Order, amountCents: number) => void;
  onClose: () => void;
}

/**
 * Refund all or part of an order: first the amount (what remains, by default), then a confirmation
 * that says what happens — the money goes back, and the downloads stop only when nothing remains.
 * Mounted per order (keyed by the caller), so each opening starts at the amount step.
 */
export function RefundDialog({ order, pending, error, onConfirm, onClose }: RefundDialogProps) {
  return (
    <Dialog open={order !== null} onClose={onClose} title={order ? 'Refund this order' : ''} dismissible={!pending} tone="danger">
      {order ? <RefundSteps key={`${order.id}:${order.refundedCents}`} order={order} pending={pending} error={error} onConfirm={onConfirm} onClose={onClose} /> : null}
    </Dialog>
  );
}

function RefundSteps({ order, pending, error, onConfirm, onClose }: Omit<RefundDialogProps, 'order'> & { order: Order }) {
  const remaining = remainingCents(order);
  const [amountCents, setAmountCents] = useState<number | null>(null);
  const form = useForm<{ amount: string }, unknown, { amount: number }>({
    resolver: zodResolver(refundAmountSchema(order)),
    defaultValues: { amount: toMajorUnits(remaining, order.currency) },
  });
  const money = (cents: number) => formatMoney(cents, order.currency);

  if (amountCents === null) {
    return (
      <form noValidate onSubmit={form.handleSubmit(({ amount }) => setAmountCents(amount))} className="space-y-4">
        <p className="text-sm text-slate-600">
          <strong className="text-slate-900">{order.product.title}</strong> for {order.customer.name} ({order.customer.email}). Paid {money(order.amountCents)}
          {order.refundedCents > 0 ? `, ${money(order.refundedCents)} already refunded` : ''}.
        </p>
        <TextField
          label={`Amount to refund (${order.currency})`}
          inputMode="decimal"
          autoComplete="off"
          hint={`Up to ${money(remaining)}.`}
          error={form.formState.errors.amount?.message}
          {...form.register('amount')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Continue</Button>
        </div>
      </form>
    );
  }

  const endsAccess = amountCents === remaining;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Refund <strong>{money(amountCents)}</strong> to <strong>{order.customer.name}</strong>?{' '}
        {endsAccess
          ? 'This refunds everything that remains: their download links stop working at once.'
          : `Their downloads keep working; ${money(remaining - amountCents)} stays refundable.`}{' '}
        This cannot be undone.
      </p>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setAmountCents(null)} disabled={pending}>
          Back
        </Button>
        <Button variant="danger" onClick={() => onConfirm(order, amountCents)} disabled={pending} aria-busy={pending}>
          {pending ? 'Refunding…' : `Refund ${money(amountCents)}`}
        </Button>
      </div>
    </div>
  );
}

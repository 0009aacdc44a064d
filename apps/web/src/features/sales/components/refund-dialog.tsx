import { formatMoney, type Order } from '@shopfront/core';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';

interface RefundDialogProps {
  order: Order | null;
  pending: boolean;
  error: string | null;
  onConfirm: (order: Order) => void;
  onClose: () => void;
}

/** "Refund this order?" with what will happen: the money goes back and the downloads stop. */
export function RefundDialog({ order, pending, error, onConfirm, onClose }: RefundDialogProps) {
  return (
    <ConfirmDialog
      open={order !== null}
      title="Refund this order?"
      description={
        order ? (
          <>
            <span className="block">
              Refund <strong>{formatMoney(order.amountCents, order.currency)}</strong> to <strong>{order.customer.name}</strong> ({order.customer.email}) for{' '}
              <strong>{order.product.title}</strong>.
            </span>
            <span className="mt-2 block">Their download links stop working at once. This cannot be undone.</span>
          </>
        ) : (
          ''
        )
      }
      confirmLabel="Refund order"
      pendingLabel="Refunding…"
      pending={pending}
      error={error}
      onConfirm={() => order && onConfirm(order)}
      onClose={onClose}
    />
  );
}

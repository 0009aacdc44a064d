import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { toast } from '#src/lib/toast.ts';
import { Alert } from '#src/components/ui/alert.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useDisconnectStripe, useStartStripeConnect, type PaymentSettings } from '../api/payments-api.ts';

/** Sends the browser to Stripe's authorize page (a seam for tests). */
export const browser = { assign: (url: string) => window.location.assign(url) };

/** Stripe Connect: connect (OAuth through the callback page), or the connected account and Disconnect. */
export function StripeAccount({ storeId, settings }: { storeId: string; settings: PaymentSettings }) {
  const start = useStartStripeConnect(storeId);
  const disconnect = useDisconnectStripe(storeId);
  const [confirming, setConfirming] = useState(false);
  const { stripe } = settings;

  if (!stripe.configured) {
    return <p className="mt-2 text-sm text-slate-600">Stripe is not configured on this server, so it cannot be connected here.</p>;
  }
  const fee = stripe.platformFeePercent > 0 ? <p className="text-sm text-slate-600">The platform keeps {stripe.platformFeePercent}% of each sale as a fee.</p> : null;

  if (!stripe.accountId) {
    return (
      <div className="mt-2 space-y-3">
        <p className="text-sm text-slate-600">Connect your Stripe account to take real card payments. Money goes straight to your Stripe account.</p>
        {fee}
        {start.isError ? <Alert>{errorMessage(start.error)}</Alert> : null}
        <Button
          onClick={() => start.mutate(undefined, { onSuccess: ({ url }) => browser.assign(url) })}
          disabled={start.isPending || start.isSuccess}
          aria-busy={start.isPending || start.isSuccess}
        >
          {start.isPending || start.isSuccess ? 'Opening Stripe…' : 'Connect with Stripe'}
        </Button>
      </div>
    );
  }

  return (
    <div className="mt-2 space-y-3">
      <p className="text-sm text-slate-800">
        Connected account <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm">{stripe.accountId}</code>
        {stripe.connectedAt ? <span className="text-slate-600"> since {new Date(stripe.connectedAt).toLocaleDateString()}</span> : null}
      </p>
      {fee}
      <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setConfirming(true)}>
        Disconnect
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Disconnect Stripe?"
        description="New checkouts will stop using your Stripe account. Past orders and payouts are not affected."
        confirmLabel="Disconnect"
        pendingLabel="Disconnecting…"
        pending={disconnect.isPending}
        error={disconnect.isError ? errorMessage(disconnect.error) : null}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success('Stripe disconnected');
            },
          })
        }
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

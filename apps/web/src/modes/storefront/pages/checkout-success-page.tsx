import { storeHomePath } from '@shopfront/core/store-urls';
import { AppError } from '@shopfront/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
// The thank-you view is drawn with the storefront's structural styles; they load before its own.
import '#src/features/storefront/storefront.css';
import { CheckoutSuccessView, useCheckoutStatus, type CheckoutSuccessState } from '#src/features/checkout/index.ts';
import type { CheckoutStatusPolling } from '#src/features/checkout/api/get-checkout-status.ts';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import { useStorefront } from '#src/features/storefront/index.ts';
import { useAppContext } from '#src/lib/app-context.tsx';
import { storeDocumentPath } from '#src/lib/store-paths.ts';
import { confirmReferral } from '../confirm-referral.ts';

/**
 * The thank-you page (`/checkout/success?checkout=<id>` under the store), where the test
 * provider and Stripe send the buyer after paying, and free products land straight away.
 */
export function CheckoutSuccessPage({ polling }: { polling?: CheckoutStatusPolling }) {
  const { storeKey, resolution } = useAppContext();
  const [params] = useSearchParams();
  const checkoutId = params.get('checkout')?.trim() || null;
  const status = useCheckoutStatus(checkoutId, polling);
  const store = useStorefront(storeKey, false);
  const paid = status.data?.status === 'completed' && status.data.amountCents > 0;
  useEffect(() => {
    if (paid && checkoutId) void confirmReferral(checkoutId);
  }, [paid, checkoutId]);

  // The page wears the store's theme: wait for it rather than flash the default theme first.
  if (store.isPending) return <FullPageSpinner label="Loading store" />;

  let state: CheckoutSuccessState;
  if (!checkoutId) state = { kind: 'not-found' };
  else if (status.isPending) state = { kind: 'loading' };
  else if (status.isError) {
    const error = status.error;
    state =
      error instanceof AppError && (error.code === 'not-found' || error.code === 'invalid-argument')
        ? { kind: 'not-found' }
        : { kind: 'error', message: error.message || 'Please try again in a moment.' };
  } else if (status.data.status === 'completed') state = { kind: 'completed', status: status.data, checkoutId };
  else if (status.data.status === 'expired') state = { kind: 'expired', status: status.data };
  else state = { kind: 'waiting', status: status.data, tooLong: status.waitedTooLong };

  return (
    <CheckoutSuccessView
      state={state}
      store={store.data?.store ?? null}
      storeHref={storeHomePath(resolution.basePath)}
      membersSignupHref={storeDocumentPath(resolution, '/members/signup')}
      onRetry={() => void status.refetch()}
    />
  );
}

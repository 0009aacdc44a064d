import type { StorefrontData } from '@shopfront/core';
import type { ReactNode } from 'react';
import { themeStyle } from '#src/components/themes/theme-style.ts';
import { DEFAULT_THEME_ID } from '#src/components/themes/theme-ids.ts';
import type { CheckoutStatus } from './api/get-checkout-status.ts';
import { CompletedThanks } from './completed-thanks.tsx';
import { AccessThanks, hasAccess } from './thank-you-access.tsx';
import { Card, icons } from './thanks-parts.tsx';
import './checkout-success.css';

export type CheckoutSuccessState =
  | { kind: 'loading' }
  | { kind: 'waiting'; status: CheckoutStatus; tooLong: boolean }
  | { kind: 'completed'; status: CheckoutStatus; checkoutId?: string }
  | { kind: 'expired'; status: CheckoutStatus }
  | { kind: 'not-found' }
  | { kind: 'error'; message: string };

export interface CheckoutSuccessViewProps {
  state: CheckoutSuccessState;
  /** The store, for its theme and name (the page still works without it). */
  store: StorefrontData['store'] | null;
  storeHref: string;
  membersSignupHref: string;
  onRetry?: () => void;
}

/**
 * The thank-you page (`/{slug}/checkout/success?checkout=…`), in the store's theme: the
 * confirmation and receipt note once the checkout is completed, a spinner while the payment is
 * still being confirmed, and clear words when the checkout is unknown or expired.
 */
export function CheckoutSuccessView({ state, store, storeHref, membersSignupHref, onRetry }: CheckoutSuccessViewProps) {
  const profile = store?.profile;
  const { theme, style } = themeStyle(profile?.theme ?? DEFAULT_THEME_ID, profile?.themeOverrides.colors);
  const Backdrop = theme.Backdrop;
  const back = (
    <a className="sf-thanks-secondary" href={storeHref}>
      Back to {profile?.name ?? 'the store'}
    </a>
  );
  let body: ReactNode;
  switch (state.kind) {
    case 'loading':
    case 'waiting':
      body = (
        <Card icon={<span className="sf-thanks-spinner" aria-hidden="true" />}>
          <h1>{state.kind === 'waiting' && state.tooLong ? 'Still confirming your payment' : 'Confirming your payment…'}</h1>
          <p>
            {state.kind === 'waiting' && state.tooLong
              ? 'This is taking longer than usual. Your receipt will arrive by email as soon as the payment is confirmed — you can close this page.'
              : 'This only takes a moment. Please keep this page open.'}
          </p>
          {state.kind === 'waiting' && state.tooLong ? back : null}
        </Card>
      );
      break;
    case 'completed':
      // A call or a course (without an after-purchase offer) says what it gets instead of downloads.
      body =
        hasAccess(state.status) && !state.status.upsell ? (
          <AccessThanks status={state.status} membersSignupHref={membersSignupHref} back={back} />
        ) : (
          <CompletedThanks status={state.status} checkoutId={state.checkoutId ?? null} membersSignupHref={membersSignupHref} back={back} />
        );
      break;
    case 'expired':
      body = (
        <Card icon={icons.missing}>
          <h1>This checkout has expired</h1>
          <p>Nothing was charged. You can start again from the product page.</p>
          {back}
        </Card>
      );
      break;
    case 'not-found':
      body = (
        <Card icon={icons.missing}>
          <h1>Checkout not found</h1>
          <p>We couldn't find this checkout. Check the link, or look for the receipt in your email.</p>
          {back}
        </Card>
      );
      break;
    case 'error':
      body = (
        <Card icon={icons.missing}>
          <h1>We couldn't check your order</h1>
          <p>{state.message}</p>
          {onRetry ? (
            <button type="button" className="sf-thanks-primary" onClick={onRetry}>
              Try again
            </button>
          ) : null}
          {back}
        </Card>
      );
      break;
  }
  return (
    <div className="sf-root" data-theme={theme.id} data-page="thanks" style={style}>
      {Backdrop ? <Backdrop /> : null}
      <main className="sf-thanks" aria-live="polite" aria-busy={state.kind === 'loading' || state.kind === 'waiting'}>
        {body}
      </main>
    </div>
  );
}

import type { StorefrontData } from '@shopfront/core';
import { formatBytes } from '@shopfront/core/bytes';
import { formatMoney } from '@shopfront/core/money';
import type { ReactNode } from 'react';
import { themeStyle } from '#src/components/themes/theme-style.ts';
import { DEFAULT_THEME_ID } from '#src/components/themes/theme-ids.ts';
import { orderWording } from '@shopfront/core/order-wording';
import type { CheckoutStatus } from './api/get-checkout-status.ts';
import './checkout-success.css';

export type CheckoutSuccessState =
  | { kind: 'loading' }
  | { kind: 'waiting'; status: CheckoutStatus; tooLong: boolean }
  | { kind: 'completed'; status: CheckoutStatus }
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

const icons = {
  done: (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  ),
  missing: (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5M9 9l4 4M13 9l-4 4" />
    </svg>
  ),
};

function Card({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="sf-thanks-card">
      {icon ? <div className="sf-thanks-icon">{icon}</div> : null}
      {children}
    </div>
  );
}

/**
 * A download button for each file bought, right on the page (the links are fresh and short-lived;
 * the receipt and the members area mint new ones later). A file at its download limit says so.
 */
function Downloads({ files }: { files: CheckoutStatus['files'] }) {
  if (files.length === 0) return null;
  return (
    <ul className="sf-thanks-downloads" aria-label="Your downloads">
      {files.map((file) => {
        const left = file.downloadsLeft === null ? null : file.downloadsLeft === 1 ? '1 download left' : `${file.downloadsLeft} downloads left`;
        return (
          <li key={file.id}>
            {file.url ? (
              <a className="sf-thanks-primary" href={file.url} download>
                Download {file.name}
              </a>
            ) : (
              <p className="sf-thanks-file-name">{file.name}</p>
            )}
            <p className="sf-thanks-file-note">{file.url ? [formatBytes(file.sizeBytes), left].filter(Boolean).join(' · ') : 'Download limit reached'}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** The amount paid, "Free" for nothing; whole amounts without decimals, as the store shows prices. */
function paid(status: CheckoutStatus): string {
  return status.amountCents === 0 ? 'Free' : formatMoney(status.amountCents, status.currency, { locale: 'en-US', trimWhole: true });
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
    case 'completed': {
      const wording = orderWording(state.status);
      body = (
        <Card icon={icons.done}>
          <h1>{wording.thankYouHeading}</h1>
          <p className="sf-thanks-product">
            <span className="sf-thanks-product-title">{state.status.productTitle}</span>
            <span className="sf-thanks-amount">{paid(state.status)}</span>
          </p>
          <p>{wording.thankYouBody}</p>
          <Downloads files={state.status.files} />
          <div className="sf-thanks-members">
            <p>{wording.thankYouMembers}</p>
            <a className={state.status.files.length > 0 ? 'sf-thanks-secondary' : 'sf-thanks-primary'} href={membersSignupHref}>
              Create your members account
            </a>
          </div>
          {back}
        </Card>
      );
      break;
    }
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

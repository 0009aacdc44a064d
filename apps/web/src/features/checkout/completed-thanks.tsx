import type { ThankYouOffer, ThankYouUpsell } from '@shopfront/core';
import { orderWording } from '@shopfront/core/order-wording';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useCheckoutStatus, type CheckoutStatus } from './api/get-checkout-status.ts';
import { Card, Downloads, icons, paid } from './thanks-parts.tsx';
import { accessHeading, hasAccess, membersAreaOf, ThankYouAccess } from './thank-you-access.tsx';
import { UpsellOffer } from './upsell-offer.tsx';

interface CompletedThanksProps {
  status: CheckoutStatus;
  /** The paid checkout: the capability the one-click offer is answered with. */
  checkoutId: string | null;
  membersSignupHref: string;
  back: ReactNode;
}

/**
 * A paid checkout's thank-you: its product, amount and downloads; the one-click offer while it is
 * open, and after "No thanks" the downsell when there is one; after "Yes" to either a combined
 * thank-you listing both orders, each with its downloads; after a declined card its message above
 * the first order's thank-you.
 */
export function CompletedThanks({ status, checkoutId, membersSignupHref, back }: CompletedThanksProps) {
  const [upsell, setUpsell] = useState<ThankYouUpsell | null>(status.upsell ?? null);
  const [answered, setAnswered] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const wording = orderWording(status);
  const downsell = upsell?.status === 'declined' ? (upsell.downsell ?? null) : null;
  const accepted = taken(upsell) ?? taken(downsell);
  const failed = upsell?.status === 'failed' ? upsell : downsell?.status === 'failed' ? downsell : null;
  const second = useCheckoutStatus(accepted?.checkoutId ?? null);
  useEffect(() => {
    // After an answer the offer's buttons are gone: the keyboard continues from the heading.
    if (answered) heading.current?.focus();
  }, [answered, upsell?.status, downsell?.status]);
  const onAnswer = (next: ThankYouUpsell) => {
    setUpsell(next);
    setAnswered(true);
  };
  const files = status.files.length > 0 || (second.data?.files.length ?? 0) > 0;

  return (
    <Card icon={icons.done}>
      <h1 ref={heading} tabIndex={-1}>
        {accepted ? 'Thank you! Both orders are confirmed' : hasAccess(status) ? accessHeading(status) : wording.thankYouHeading}
      </h1>
      {failed?.message ? (
        <p className="sf-upsell-error" role="alert">
          {failed.message}
        </p>
      ) : null}
      {upsell?.status === 'offered' && checkoutId ? <UpsellOffer key="upsell" checkoutId={checkoutId} upsell={upsell} onAnswer={onAnswer} /> : null}
      {downsell?.status === 'offered' && checkoutId ? <UpsellOffer key="downsell" step="downsell" checkoutId={checkoutId} upsell={downsell} onAnswer={onAnswer} /> : null}
      <ul className="sf-thanks-orders" aria-label={accepted ? 'Your orders' : 'Your order'}>
        <li>
          <p className="sf-thanks-product">
            <span className="sf-thanks-product-title">{status.productTitle}</span>
            <span className="sf-thanks-amount">{paid(status)}</span>
          </p>
          {hasAccess(status) ? <ThankYouAccess status={status} membersHref={membersAreaOf(membersSignupHref)} /> : <Downloads files={status.files} />}
        </li>
        {accepted ? (
          <li>
            <p className="sf-thanks-product">
              <span className="sf-thanks-product-title">{accepted.title}</span>
              <span className="sf-thanks-amount">{paid({ amountCents: accepted.priceCents, currency: accepted.currency })}</span>
            </p>
            {second.data ? (
              hasAccess(second.data) ? (
                <ThankYouAccess status={second.data} membersHref={membersAreaOf(membersSignupHref)} />
              ) : (
                <Downloads files={second.data.files} />
              )
            ) : (
              <p>Preparing your order…</p>
            )}
          </li>
        ) : null}
      </ul>
      {accepted ? <p>A receipt for each order is on its way to your inbox.</p> : hasAccess(status) ? null : <p>{wording.thankYouBody}</p>}
      <div className="sf-thanks-members">
        <p>{wording.thankYouMembers}</p>
        <a className={files ? 'sf-thanks-secondary' : 'sf-thanks-primary'} href={membersSignupHref}>
          Create your members account
        </a>
      </div>
      {back}
    </Card>
  );
}

/** An offer the buyer said yes to, with the checkout its order was made for. */
function taken(offer: ThankYouOffer | null): ThankYouOffer | null {
  return offer?.status === 'accepted' && offer.checkoutId ? offer : null;
}

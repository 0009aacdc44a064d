import type { ThankYouOffer, ThankYouUpsell } from '@shopfront/core';
import { formatMoney } from '@shopfront/core/money';
import { useId } from 'react';
import { errorMessage } from '#src/lib/error-message.ts';
import { useUpsellChoice, type OfferStep } from './api/upsell.ts';

const money = (cents: number, currency: string) => formatMoney(cents, currency, { locale: 'en-US', trimWhole: true });

/**
 * The one-click offer on the thank-you page (decision 045): the product at its special price
 * against its normal one, "Yes" charges the card just used, "No thanks" closes it. A refusal from
 * the server (the offer ended) is said in words; the first order is already complete either way.
 * The downsell, offered once the upsell is declined, is the same offer with its own wording.
 */
export function UpsellOffer({
  checkoutId,
  step = 'upsell',
  upsell,
  onAnswer,
}: {
  checkoutId: string;
  step?: OfferStep;
  upsell: ThankYouOffer;
  onAnswer: (upsell: ThankYouUpsell) => void;
}) {
  const id = useId();
  const { accept, decline } = useUpsellChoice(checkoutId, step, onAnswer);
  const busy = accept.isPending || decline.isPending;
  const failure = accept.error ?? decline.error;
  const special = money(upsell.priceCents, upsell.currency);
  return (
    <section className="sf-upsell" aria-labelledby={`${id}-title`} aria-describedby={`${id}-price`}>
      <p className="sf-upsell-kicker">{step === 'upsell' ? 'One more thing' : 'Or instead'}</p>
      <h2 id={`${id}-title`}>{upsell.headline ?? (step === 'upsell' ? `Add ${upsell.title} to your order?` : `How about ${upsell.title} instead?`)}</h2>
      {upsell.headline ? <p className="sf-upsell-product">{upsell.title}</p> : null}
      <p id={`${id}-price`} className="sf-upsell-price">
        <span className="sf-sr-only">Special price</span> <strong>{special}</strong>
        {upsell.normalPriceCents > upsell.priceCents ? (
          <>
            {' '}
            <span className="sf-sr-only">instead of</span> <s>{money(upsell.normalPriceCents, upsell.currency)}</s>
          </>
        ) : null}
      </p>
      <p className="sf-upsell-note">Charged to the card you just used — no need to enter it again.</p>
      {failure ? (
        <p className="sf-upsell-error" role="alert">
          {errorMessage(failure)}
        </p>
      ) : null}
      <div className="sf-upsell-actions">
        <button type="button" className="sf-thanks-primary" disabled={busy} aria-busy={accept.isPending} onClick={() => accept.mutate(upsell.productId)}>
          {accept.isPending ? 'Adding…' : `Yes, add it — one click (${special})`}
        </button>
        <button type="button" className="sf-thanks-secondary" disabled={busy} onClick={() => decline.mutate()}>
          No thanks
        </button>
      </div>
    </section>
  );
}

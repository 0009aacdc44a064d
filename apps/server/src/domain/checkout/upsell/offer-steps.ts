// Exports the funnel's two steps (upsellStep, downsellStep) and the OfferStep they share.
import { AppError, DOWNSELL_MESSAGES, UPSELL_MESSAGES } from '@shopfront/core';
import type { CheckoutUpsellRow } from '#src/db/schema/index.ts';
import { downsellIdempotencyKey, upsellIdempotencyKey } from './find-offered-upsell.ts';

type Choice = 'offered' | 'accepted' | 'declined' | 'failed';

/**
 * The funnel's two one-click steps on one `checkout_upsells` row (decision 045): the upsell, and the
 * downsell offered once the upsell is declined. Each has its own columns, choice, checkout and
 * idempotency key; everything else (the saved method, the window, the charge, fulfilment) is shared.
 */
export interface OfferStep {
  /** `upsell_<first checkout>` / `downsell_<first checkout>`: the step's checkout, charge and payment event. */
  key: (firstCheckoutId: string) => string;
  /** The step's offer and choice as stored, or null when the row has none. */
  read: (row: CheckoutUpsellRow) => { productId: string; priceCents: number; status: Choice } | null;
  /** Why the buyer may not answer this step yet, or null. */
  notYet: (row: CheckoutUpsellRow) => AppError | null;
  /** The columns a choice writes. */
  decided: (choice: { status: Choice; message?: string; checkoutId?: string }, now: Date) => Partial<CheckoutUpsellRow>;
}

export const upsellStep: OfferStep = {
  key: upsellIdempotencyKey,
  read: (row) => ({ productId: row.productId, priceCents: row.priceCents, status: row.status }),
  notYet: () => null,
  decided: ({ status, message, checkoutId }, now) => ({
    status,
    decidedAt: now,
    ...(message ? { failureMessage: message } : {}),
    ...(checkoutId ? { upsellCheckoutId: checkoutId } : {}),
  }),
};

export const downsellStep: OfferStep = {
  key: downsellIdempotencyKey,
  read: (row) =>
    row.downsellProductId && row.downsellPriceCents && row.downsellStatus
      ? { productId: row.downsellProductId, priceCents: row.downsellPriceCents, status: row.downsellStatus }
      : null,
  // Shown only in place of a declined upsell: after a yes (or a refused card) the funnel is over.
  notYet: (row) =>
    row.status === 'declined'
      ? null
      : row.status === 'offered'
        ? new AppError('failed-precondition', DOWNSELL_MESSAGES.upsellNotDeclined)
        : new AppError('not-found', UPSELL_MESSAGES.offerNotFound),
  decided: ({ status, message, checkoutId }, now) => ({
    downsellStatus: status,
    downsellDecidedAt: now,
    ...(message ? { downsellFailureMessage: message } : {}),
    ...(checkoutId ? { downsellCheckoutId: checkoutId } : {}),
  }),
};

import { pageReferral } from '#src/features/storefront/referral.ts';
import { createCheckoutRequest, type CreateCheckoutInput } from '#src/features/checkout/create-checkout-request.ts';

/**
 * createCheckout with the session's affiliate referral and the browser fingerprint, as the page
 * noted them when it loaded (docs/affiliates.md "Attribution"). Both are optional and loose:
 * neither can stop or delay a purchase.
 */
export function createReferredCheckout(input: CreateCheckoutInput, fetchImpl?: typeof fetch) {
  return createCheckoutRequest({ ...input, ...pageReferral }, fetchImpl);
}

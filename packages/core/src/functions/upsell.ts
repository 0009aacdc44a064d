import { z } from 'zod';
import { CheckoutIdSchema, ProductIdSchema } from '../schemas/text.ts';
import { ThankYouUpsellSchema } from '../schemas/commerce.ts';
import { defineFunction } from './define.ts';

/**
 * The thank-you page's "Yes, add it": charges the payment method the buyer just used, off
 * session, for the offered product at its special price, and makes a second order with its own
 * receipt and downloads. The first checkout's id is the capability; valid once, within
 * UPSELL_LIMITS.windowMinutes of the first payment, for the offered product only. A double click
 * answers the same order; a declined card answers `upsell.status: 'failed'` with its message and
 * never touches the first order.
 */
export const acceptUpsell = defineFunction({
  name: 'acceptUpsell',
  access: 'public',
  input: z.object({ checkoutId: CheckoutIdSchema, productId: ProductIdSchema }).strict(),
  output: z.object({ upsell: ThankYouUpsellSchema }),
});

/** "No thanks": the offer is not shown again for this checkout. */
export const declineUpsell = defineFunction({
  name: 'declineUpsell',
  access: 'public',
  input: z.object({ checkoutId: CheckoutIdSchema }).strict(),
  output: z.object({ upsell: ThankYouUpsellSchema }),
});

/**
 * The offer made instead once the upsell was declined ("If they decline, offer instead"): the same
 * one click on the same saved payment method, the same window from the first payment, its own
 * third order; valid once. A declined card answers `upsell.downsell.status: 'failed'` and never
 * touches the first order.
 */
export const acceptDownsell = defineFunction({
  name: 'acceptDownsell',
  access: 'public',
  input: z.object({ checkoutId: CheckoutIdSchema, productId: ProductIdSchema }).strict(),
  output: z.object({ upsell: ThankYouUpsellSchema }),
});

/** "No thanks" to the offer made instead: the funnel ends with the first order. */
export const declineDownsell = defineFunction({
  name: 'declineDownsell',
  access: 'public',
  input: z.object({ checkoutId: CheckoutIdSchema }).strict(),
  output: z.object({ upsell: ThankYouUpsellSchema }),
});

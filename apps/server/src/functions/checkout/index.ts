import type { HandlerRegistry } from '../types.ts';
import { acceptDownsell } from './accept-downsell.ts';
import { acceptUpsell } from './accept-upsell.ts';
import { completeStripeConnect } from './complete-stripe-connect.ts';
import { declineDownsell } from './decline-downsell.ts';
import { declineUpsell } from './decline-upsell.ts';
import { createCheckout } from './create-checkout.ts';
import { disconnectStripe } from './disconnect-stripe.ts';
import { getCheckoutStatus } from './get-checkout-status.ts';
import { getPaymentSettings } from './get-payment-settings.ts';
import { startStripeConnect } from './start-stripe-connect.ts';
import { updatePaymentSettings } from './update-payment-settings.ts';

/** The checkout handlers; ../index.ts spreads them into the registry. */
export const checkoutHandlers = {
  createCheckout,
  getCheckoutStatus,
  acceptUpsell,
  declineUpsell,
  acceptDownsell,
  declineDownsell,
  getPaymentSettings,
  updatePaymentSettings,
  startStripeConnect,
  completeStripeConnect,
  disconnectStripe,
} satisfies Partial<HandlerRegistry>;

import type { HandlerRegistry } from '../types.ts';
import { createCheckout } from './create-checkout.ts';
import { getCheckoutStatus } from './get-checkout-status.ts';
import { getPaymentSettings, updatePaymentSettings } from './payment-settings.ts';
import { completeStripeConnect, disconnectStripe, startStripeConnect } from './stripe-connect.ts';

/** The checkout handlers; ../index.ts spreads them into the registry. */
export const checkoutHandlers = {
  createCheckout,
  getCheckoutStatus,
  getPaymentSettings,
  updatePaymentSettings,
  startStripeConnect,
  completeStripeConnect,
  disconnectStripe,
} satisfies Partial<HandlerRegistry>;

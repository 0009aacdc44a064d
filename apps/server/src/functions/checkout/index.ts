import type { HandlerRegistry } from '../types.ts';
import { createCheckout } from './create-checkout.ts';
import { getCheckoutStatus } from './get-checkout-status.ts';
import { getPaymentSettings, updatePaymentSettings } from './payment-settings.ts';
import { completeStripeConnect, disconnectStripe, startStripeConnect } from './stripe-connect.ts';

/** Issue 5 handlers of this area; the registry in ../index.ts spreads them in. */
export const checkoutHandlers = {
  createCheckout,
  getCheckoutStatus,
  getPaymentSettings,
  updatePaymentSettings,
  startStripeConnect,
  completeStripeConnect,
  disconnectStripe,
} satisfies Partial<HandlerRegistry>;

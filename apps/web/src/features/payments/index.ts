/** Payments in the dashboard: Settings › Payments and the Stripe Connect callback. */
export { PaymentsSection } from './components/payments-section.tsx';
export { StripeCallback } from './components/stripe-callback.tsx';
export { paymentKeys, usePaymentSettings } from './api/payments-api.ts';

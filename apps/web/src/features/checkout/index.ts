export { CheckoutForm, type CheckoutFormProps } from './checkout-form.tsx';
export { CheckoutSuccessView, type CheckoutSuccessState } from './checkout-success-view.tsx';
export { useCheckoutStatus, type CheckoutStatus } from './api/get-checkout-status.ts';

import type { ProductCheckoutProps } from '#src/features/storefront/components/product-detail.tsx';
import { CheckoutForm } from '#src/features/checkout/checkout-form.tsx';
import { BookCall, type BookingHooks } from '#src/features/bookings/components/book-call.tsx';
import { createReferredCheckout } from '../referred-checkout.ts';

/** A call's page: a time and the call's questions first; the checkout sends them as `booking`. */
export function BookCallExtra(props: ProductCheckoutProps) {
  return <BookCall storeId={props.storeId} productId={props.product.id} checkout={CallCheckout} checkoutProps={props} />;
}

function CallCheckout(props: ProductCheckoutProps & BookingHooks) {
  return <CheckoutForm {...props} submitCheckout={createReferredCheckout} />;
}

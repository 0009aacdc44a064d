// The view first: its styles (the themes among them) load before the checkout form's, which
// refine some of them at equal specificity.
import { StorefrontView, type StorefrontViewProps } from '#src/features/storefront/storefront-view.tsx';
import type { ProductCheckoutProps } from '#src/features/storefront/components/product-detail.tsx';
import { pageReferral, trackReferralVisit } from '#src/features/storefront/referral.ts';
import { CheckoutForm } from '#src/features/checkout/checkout-form.tsx';
import { createCheckoutRequest, type CreateCheckoutInput } from '#src/features/checkout/create-checkout-request.ts';
import { JoinMembership } from '#src/features/checkout/join-membership/join-membership.tsx';
import { BookCall, type BookingHooks } from '#src/features/bookings/components/book-call.tsx';
import { useEffect } from 'react';
import { useIconSprite } from '#src/components/ui/icon.tsx';

/**
 * createCheckout with the session's affiliate referral and the browser fingerprint, as the page
 * noted them when it loaded (docs/affiliates.md "Attribution"). Both are optional and loose:
 * neither can stop or delay a purchase.
 */
export function createReferredCheckout(input: CreateCheckoutInput, fetchImpl?: typeof fetch) {
  return createCheckoutRequest({ ...input, ...pageReferral }, fetchImpl);
}

function Checkout(props: ProductCheckoutProps) {
  // A call: a time and the call's questions first; the checkout sends them as `booking`.
  if (props.product.type === 'call') return <BookCall storeId={props.storeId} productId={props.product.id} checkout={CallCheckout} checkoutProps={props} />;
  return <CheckoutForm {...props} submitCheckout={createReferredCheckout} />;
}

function CallCheckout(props: ProductCheckoutProps & BookingHooks) {
  return <CheckoutForm {...props} submitCheckout={createReferredCheckout} />;
}

/**
 * The public store as visitors get it: the storefront view with the buyer's checkout form on
 * product pages (a membership's join form on its page), and the affiliate referral of `?ref=`
 * kept and reported once per session. The server render (ssr/), the hydrating entry and the SPA
 * pages all use this one composition, so the hydrated tree matches the server's HTML. Files are imported directly, not through barrels, to
 * keep the storefront bundle small.
 */
export function StorefrontPage(props: Omit<StorefrontViewProps, 'checkout' | 'join'>) {
  const { isPreview, store } = props.data;
  useEffect(() => void trackReferralVisit(store.id, isPreview), [store.id, isPreview]);
  // Server-rendered pages carry the icon sprite already; the SPA's pages fetch it once.
  useIconSprite();
  return <StorefrontView {...props} checkout={Checkout} join={JoinMembership} />;
}

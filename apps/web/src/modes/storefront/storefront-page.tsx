// The view first: its styles (the themes among them) load before the checkout form's, which
// refine some of them at equal specificity.
import { StorefrontView, type StorefrontViewProps } from '#src/features/storefront/storefront-view.tsx';
import { CheckoutForm } from '#src/features/checkout/checkout-form.tsx';

/**
 * The public store as visitors get it: the storefront view with the buyer's checkout form on
 * product pages. The server render (ssr/), the hydrating entry and the SPA pages all use this one
 * composition, so the hydrated tree matches the server's HTML. Files are imported directly, not
 * through barrels, to keep the storefront bundle small.
 */
export function StorefrontPage(props: Omit<StorefrontViewProps, 'checkout'>) {
  return <StorefrontView {...props} checkout={CheckoutForm} />;
}

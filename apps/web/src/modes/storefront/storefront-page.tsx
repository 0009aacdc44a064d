// The view first: its styles (the themes among them) load before the checkout form's, which
// refine some of them at equal specificity.
import { StorefrontView, type StorefrontViewProps } from '#src/features/storefront/storefront-view.tsx';
import type { ProductCheckoutProps } from '#src/features/storefront/components/product-detail.tsx';
import { trackReferralVisit } from '#src/features/storefront/referral.ts';
import { CheckoutForm } from '#src/features/checkout/checkout-form.tsx';
import { JoinMembership } from '#src/features/checkout/join-membership/join-membership.tsx';
import { createContext, useContext, useEffect, type ComponentType } from 'react';
import { useIconSprite } from '#src/components/ui/icon.tsx';
import { ExtraSlot } from './extras/extra-slot.tsx';
import type { StorefrontExtra } from './extras/extras.ts';
import { createReferredCheckout } from './referred-checkout.ts';

export { createReferredCheckout } from './referred-checkout.ts';

/** The extras' components themselves, for pages that may import them (the SPA's); elsewhere their slot. */
export type ExtraViews = Partial<Record<StorefrontExtra, ComponentType<ProductCheckoutProps>>>;
const ExtraViewsContext = createContext<ExtraViews | undefined>(undefined);

function Extra({ name, ...props }: ProductCheckoutProps & { name: StorefrontExtra }) {
  const View = useContext(ExtraViewsContext)?.[name];
  return View ? <View {...props} /> : <ExtraSlot name={name} />;
}

function Checkout(props: ProductCheckoutProps) {
  // A call: its booking form, which holds the checkout form (the call page's extra).
  if (props.product.type === 'call') return <Extra name="book-call" {...props} />;
  const form = <CheckoutForm {...props} submitCheckout={createReferredCheckout} />;
  if (props.product.type !== 'course') return form;
  // A course: the checkout form, then its syllabus with the free previews (the course page's extra).
  return (
    <>
      {form}
      <Extra name="course-syllabus" {...props} />
    </>
  );
}

/**
 * The public store as visitors get it: the storefront view with the buyer's checkout form on
 * product pages (a membership's join form on its page; a call's booking form and a course's
 * syllabus as extras, scripts the server adds to those pages only), and the affiliate referral of `?ref=`
 * kept and reported once per session. The server render (ssr/), the hydrating entry and the SPA
 * pages all use this one composition, so the hydrated tree matches the server's HTML. Files are imported directly, not through barrels, to
 * keep the storefront bundle small.
 */
export function StorefrontPage({ extras, ...props }: Omit<StorefrontViewProps, 'checkout' | 'join'> & { extras?: ExtraViews }) {
  const { isPreview, store } = props.data;
  useEffect(() => void trackReferralVisit(store.id, isPreview), [store.id, isPreview]);
  // Server-rendered pages carry the icon sprite already; the SPA's pages fetch it once.
  useIconSprite();
  return (
    <ExtraViewsContext value={extras}>
      <StorefrontView {...props} checkout={Checkout} join={JoinMembership} />
    </ExtraViewsContext>
  );
}

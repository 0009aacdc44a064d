import { StripeCallback } from '#src/features/payments/index.ts';
import { SectionPage } from './section-page.tsx';

/** Spec §2: the payment provider's OAuth callback lands here (Stripe Connect). */
export function StripeCallbackPage() {
  return (
    <SectionPage title="Connect Stripe" description="Finishing the connection to your payment account.">
      <StripeCallback />
    </SectionPage>
  );
}

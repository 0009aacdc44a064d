import { ComingSoon } from '../../../components/layout/coming-soon.tsx';
import { SectionPage } from './section-page.tsx';

/** Spec §2: the payment provider's OAuth callback lands here. */
export function StripeCallbackPage() {
  return (
    <SectionPage title="Connect Stripe" description="Finishing the connection to your payment account.">
      <ComingSoon title="Stripe connection is coming soon" description="Payments arrive with the payments issue." />
    </SectionPage>
  );
}

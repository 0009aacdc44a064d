import { BillingScreen } from '#src/features/billing/index.ts';
import { SectionPage } from './section-page.tsx';

/** /dashboard/settings/billing: plans, upgrade and downgrade, the grace period and invoices. */
export function BillingPage() {
  return (
    <SectionPage title="Plan and billing" description="Your plan decides how many stores you can publish and the platform fee on each sale.">
      <BillingScreen />
    </SectionPage>
  );
}

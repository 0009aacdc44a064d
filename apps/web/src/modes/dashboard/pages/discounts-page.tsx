import { DiscountsScreen } from '#src/features/discounts/index.ts';
import { SectionPage } from './section-page.tsx';
import { ProductsTabs } from './products-tabs.tsx';

/** /dashboard/products/discounts: the active store's discount codes. */
export function DiscountsPage() {
  return (
    <SectionPage title="Discount codes" description="Lower prices for the people you share a code or link with.">
      <ProductsTabs />
      <DiscountsScreen />
    </SectionPage>
  );
}

import { SalesScreen } from '#src/features/sales/index.ts';
import { DASHBOARD_SECTIONS } from '../paths.ts';
import { SectionPage } from './section-page.tsx';

const sales = DASHBOARD_SECTIONS.find((section) => section.key === 'sales');

/** /dashboard/sales: the active store's orders, revenue and refunds. */
export function SalesPage() {
  return (
    <SectionPage title={sales?.label ?? 'Sales'} description={sales?.description ?? ''}>
      <SalesScreen />
    </SectionPage>
  );
}

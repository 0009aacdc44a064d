import { CustomersScreen } from '#src/features/customers/index.ts';
import { DASHBOARD_SECTIONS } from '../paths.ts';
import { SectionPage } from './section-page.tsx';

const customers = DASHBOARD_SECTIONS.find((section) => section.key === 'customers');

/** /dashboard/customers: the active store's customers. */
export function CustomersPage() {
  return (
    <SectionPage title={customers?.label ?? 'Customers'} description={customers?.description ?? ''}>
      <CustomersScreen />
    </SectionPage>
  );
}

import { SectionPage } from './section-page.tsx';

/** Issue 5: /dashboard/customers (being built). */
export function CustomersPage() {
  return <SectionPage title="Customers" description="" />;
}

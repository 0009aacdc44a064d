import { SectionPage } from './section-page.tsx';

/** Issue 5: /dashboard/sales (being built). */
export function SalesPage() {
  return <SectionPage title="Sales" description="" />;
}

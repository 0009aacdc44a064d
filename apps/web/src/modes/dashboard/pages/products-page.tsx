import { SectionPage } from './section-page.tsx';

/** Issue 5: /dashboard/products (being built). */
export function ProductsPage() {
  return <SectionPage title="Products" description="" />;
}

import { ProductsScreen } from '#src/features/products/index.ts';
import { DASHBOARD_PATHS, DASHBOARD_SECTIONS } from '../paths.ts';
import { ProductsTabs } from './products-tabs.tsx';
import { SectionPage } from './section-page.tsx';

const products = DASHBOARD_SECTIONS.find((section) => section.key === 'products');

/** /dashboard/products: the active store's products, and the editor (`?new`, `?edit=<id>`). */
export function ProductsPage() {
  return (
    <SectionPage title={products?.label ?? 'Products'} description={products?.description ?? ''}>
      <ProductsTabs />
      <ProductsScreen dashboardPath={DASHBOARD_PATHS.dashboard} />
    </SectionPage>
  );
}

import { ProductLayoutEditor } from '#src/features/products/index.ts';
import { StoreBuilder } from '#src/features/store-builder/index.ts';
import { StorefrontView } from '#src/features/storefront/index.ts';
import { DASHBOARD_PATHS, DASHBOARD_SECTIONS } from '../paths.ts';
import { SectionPage } from './section-page.tsx';

const builder = DASHBOARD_SECTIONS.find((section) => section.key === 'store-builder');

/** /dashboard/store-builder: the builder, previewing with the storefront's view and ordering with the products list. */
export function StoreBuilderPage() {
  return (
    <SectionPage title={builder?.label ?? 'Store builder'} description={builder?.description ?? ''}>
      <StoreBuilder
        dashboardPath={DASHBOARD_PATHS.dashboard}
        productsPath={DASHBOARD_PATHS.products}
        preview={StorefrontView}
        productLayoutField={ProductLayoutEditor}
      />
    </SectionPage>
  );
}

import type { StorefrontData } from '@shopfront/core';
import { ProductLayoutEditor, useStorefrontProducts } from '#src/features/products/index.ts';
import { StoreBuilder } from '#src/features/store-builder/index.ts';
import { StorefrontView } from '#src/features/storefront/index.ts';
import { DASHBOARD_PATHS, DASHBOARD_SECTIONS } from '../paths.ts';
import { SectionPage } from './section-page.tsx';

const builder = DASHBOARD_SECTIONS.find((section) => section.key === 'store-builder');

/**
 * The builder's preview: the storefront's view with the store's published products (the layout
 * editor's own list), which the view lays out by the draft's order and hides as the draft hides.
 */
function BuilderPreview({ data }: { data: StorefrontData }) {
  const { products } = useStorefrontProducts(data.store.id);
  return <StorefrontView data={{ ...data, products }} />;
}

/** /dashboard/store-builder: the builder, previewing with the storefront's view and ordering with the products list. */
export function StoreBuilderPage() {
  return (
    <SectionPage title={builder?.label ?? 'Store builder'} description={builder?.description ?? ''}>
      <StoreBuilder
        dashboardPath={DASHBOARD_PATHS.dashboard}
        productsPath={DASHBOARD_PATHS.products}
        preview={BuilderPreview}
        productLayoutField={ProductLayoutEditor}
      />
    </SectionPage>
  );
}

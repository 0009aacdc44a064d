import type { ProductLayout } from '@shopfront/core';
import type { ComponentType } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { useActiveStore } from '#src/lib/active-store.ts';
import type { ProfileValues } from '../hooks/use-draft-editor.ts';
import { BuilderSection } from './builder-section.tsx';

/** The products list the dashboard plugs in (the products feature's layout editor). */
export interface ProductLayoutFieldProps {
  storeId: string;
  productsPath: string;
  layout: ProductLayout | undefined;
  onOrderChange: (productIds: string[]) => void;
  onHiddenChange: (productIds: string[]) => void;
}

export type ProductLayoutField = ComponentType<ProductLayoutFieldProps>;

/**
 * Product order and visibility on the storefront (`productLayout`), edited in the draft like the
 * rest of the builder: drag to reorder, switch "Show on storefront". Products themselves are
 * created and edited on the Products page.
 */
export function ProductsSection({ productsPath, productLayoutField }: { productsPath: string; productLayoutField: ProductLayoutField }) {
  const { store } = useActiveStore();
  return (
    <BuilderSection
      id="builder-products"
      title="Products"
      description="Choose the order of your products and which ones show on your store."
      actions={
        <Link to={productsPath} className="inline-flex min-h-10 items-center text-sm font-semibold text-brand-700 hover:text-brand-900">
          Manage products →
        </Link>
      }
    >
      {store ? <DraftLayout storeId={store.id} productsPath={productsPath} field={productLayoutField} /> : null}
    </BuilderSection>
  );
}

function DraftLayout({ storeId, productsPath, field: Field }: { storeId: string; productsPath: string; field: ProductLayoutField }) {
  const { control, setValue } = useFormContext<ProfileValues>();
  const layout = useWatch({ control, name: 'productLayout' });
  return (
    <Field
      storeId={storeId}
      productsPath={productsPath}
      layout={layout}
      onOrderChange={(ids) => setValue('productLayout.order', ids, { shouldDirty: true })}
      onHiddenChange={(ids) => setValue('productLayout.hidden', ids, { shouldDirty: true })}
    />
  );
}

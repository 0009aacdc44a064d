import { storeHomePath } from '@shopfront/core/store-urls';
import { useParams } from 'react-router';
import { StoreNotFound } from '#src/components/errors/not-found-screens.tsx';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import {
  ProductNotFoundView,
  StorefrontNavigation,
  useStorefront,
  useStorefrontProduct,
} from '#src/features/storefront/index.ts';
import { useAppContext } from '#src/lib/app-context.tsx';
import { BookCallExtra } from '../extras/book-call-view.tsx';
import { CourseSyllabusExtra } from '../extras/course-syllabus-view.tsx';
import { StorefrontPage, type ExtraViews } from '../storefront-page.tsx';
import { useStoreNavigate } from '../use-store-navigate.ts';

/**
 * The product page in the SPA (`/p/:productSlug` under the store): the same view the server
 * renders, reached from a landing card without a reload. Unknown or unpublished → Product not found.
 */
/** The SPA loads with everything: the extras' components render in place of their slots. */
const EXTRAS: ExtraViews = { 'book-call': BookCallExtra, 'course-syllabus': CourseSyllabusExtra };

export function StoreProductPage() {
  const { storeKey, resolution } = useAppContext();
  const { productSlug = '' } = useParams();
  const product = useStorefrontProduct(storeKey, productSlug);
  const store = useStorefront(storeKey, false);
  const navigate = useStoreNavigate();

  if (product.isPending) return <FullPageSpinner label="Loading product" />;
  if (product.data) {
    return (
      <StorefrontNavigation value={navigate}>
        <StorefrontPage data={product.data} basePath={resolution.basePath} extras={EXTRAS} />
      </StorefrontNavigation>
    );
  }
  if (store.isPending) return <FullPageSpinner label="Loading store" />;
  if (!store.data) return <StoreNotFound />;
  return <ProductNotFoundView storeHref={storeHomePath(resolution.basePath)} storeName={store.data.store.profile.name} />;
}

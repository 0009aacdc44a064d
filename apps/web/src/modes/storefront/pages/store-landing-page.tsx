import { useSearchParams } from 'react-router';
import { StoreNotFound } from '#src/components/errors/not-found-screens.tsx';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import { StorefrontNavigation, useStorefront } from '#src/features/storefront/index.ts';
import { useAppContext } from '#src/lib/app-context.tsx';
import { PREVIEW_PARAM } from '../paths.ts';
import { StorefrontPage } from '../storefront-page.tsx';
import { useStoreNavigate } from '../use-store-navigate.ts';

/**
 * Spec §2 storefront in the SPA (the Vite dev server; the production server renders this same view
 * itself, see src/ssr): the store in its theme, or Store Not Found without data or on error.
 */
export function StoreLandingPage() {
  const { storeKey, resolution } = useAppContext();
  const [params] = useSearchParams();
  const preview = params.get(PREVIEW_PARAM) === 'true';
  const storefront = useStorefront(storeKey, preview);
  const navigate = useStoreNavigate();

  if (storefront.isPending) return <FullPageSpinner label="Loading store" />;
  if (storefront.isError || !storefront.data) return <StoreNotFound />;
  return (
    <StorefrontNavigation value={preview ? null : navigate}>
      <StorefrontPage data={storefront.data} basePath={resolution.basePath} />
    </StorefrontNavigation>
  );
}

import type { RouteObject } from 'react-router';
import { RouteError } from '#src/components/errors/route-error.tsx';
import { CheckoutSuccessPage } from './pages/checkout-success-page.tsx';
import { StoreLandingPage } from './pages/store-landing-page.tsx';
import { StoreProductPage } from './pages/store-product-page.tsx';
import { STOREFRONT_PATHS } from './paths.ts';

export function createRoutes(): RouteObject[] {
  return [
    { path: STOREFRONT_PATHS.product, element: <StoreProductPage />, errorElement: <RouteError /> },
    { path: STOREFRONT_PATHS.checkoutSuccess, element: <CheckoutSuccessPage />, errorElement: <RouteError /> },
    { path: STOREFRONT_PATHS.all, element: <StoreLandingPage />, errorElement: <RouteError /> },
  ];
}

import type { RouteObject } from 'react-router';
import { CheckoutSuccessPage } from './pages/checkout-success-page.tsx';
import { StoreLandingPage } from './pages/store-landing-page.tsx';
import { StoreProductPage } from './pages/store-product-page.tsx';
import { STOREFRONT_PATHS } from './paths.ts';
// Every page's utilities: this mode's pages are not the dashboard's first screen (index.css).
import '#src/app-styles.ts';

export function createRoutes(): RouteObject[] {
  return [
    { path: STOREFRONT_PATHS.product, element: <StoreProductPage /> },
    { path: STOREFRONT_PATHS.checkoutSuccess, element: <CheckoutSuccessPage /> },
    { path: STOREFRONT_PATHS.all, element: <StoreLandingPage /> },
  ];
}

import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { ProductsScreen } from './components/products-screen.tsx';

/** Mounts the products screen for the signed-in test creator at /dashboard/products{search}. */
export function renderProductsScreen(search = '') {
  return renderForCreator(<ProductsScreen dashboardPath="/dashboard" />, { path: `/dashboard/products${search}` });
}

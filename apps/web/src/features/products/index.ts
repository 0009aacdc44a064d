/** Issue 5 products in the dashboard: the list, the editor, and pieces the store builder shares. */
export { ProductsScreen } from './components/products-screen.tsx';
export { SortableList } from './components/sortable-list.tsx';
export { CoverThumb, StatusBadge, TypeBadge } from './components/product-badges.tsx';
export { useProducts, arrange } from './api/products-api.ts';
export { PRODUCT_KEYS } from './api/product-keys.ts';

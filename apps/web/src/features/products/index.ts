/** Products in the dashboard: the list and the editor, and the layout list the store builder shows. */
export { ProductsScreen } from './components/products-screen.tsx';
export { ProductLayoutEditor } from './components/product-layout-editor.tsx';
export { useStorefrontProducts, useProducts } from './api/products-api.ts';
export { editorSearch } from './lib/editor-search.ts';

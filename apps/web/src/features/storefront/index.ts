export { StorefrontView, type StorefrontViewProps } from './storefront-view.tsx';
export { StoreNotFoundView } from './store-not-found-view.tsx';
export { STOREFRONT_DOM } from './dom-ids.ts';
export { StorefrontNavigation, StoreLink, type StorefrontNavigate } from './navigation.tsx';
export { fetchStorefrontProduct, useStorefrontProduct } from './api/get-storefront-product.ts';
export { ProductNotFoundView } from './store-not-found-view.tsx';
export { storefrontInput, useStorefront } from './api/get-storefront.ts';

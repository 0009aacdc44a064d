export { StorefrontView, type StorefrontViewProps } from './storefront-view.tsx';
export { StoreNotFoundView } from './store-not-found-view.tsx';
export { STOREFRONT_DOM } from './dom-ids.ts';
export { SOCIAL_PLATFORM_INFO, SocialIcon } from './components/social-icons.tsx';
export { membersLoginPath, productPath, storeBasePath } from './store-paths.ts';
export { storefrontInput, useStorefront } from './api/get-storefront.ts';

/**
 * Spec §2 Storefront mode, inside the router (basename `/{slug}`, or '' on a custom or bio
 * domain): product pages, the checkout thank-you page, and the landing for every other path.
 * `?preview=true` shows unpublished data.
 */
export const STOREFRONT_PATHS = { all: '*', product: '/p/:productSlug', checkoutSuccess: '/checkout/success' } as const;
export const PREVIEW_PARAM = 'preview';

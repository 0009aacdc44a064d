/** Spec §2 Storefront mode: one catch-all route; `?preview=true` shows unpublished data. */
export const STOREFRONT_PATHS = { all: '*' } as const;
export const PREVIEW_PARAM = 'preview';

/** The elements the server renders and the storefront entry hydrates (see src/ssr). */
export const STOREFRONT_DOM = {
  rootId: 'storefront-root',
  dataId: 'storefront-data',
  basePathAttribute: 'data-base-path',
} as const;

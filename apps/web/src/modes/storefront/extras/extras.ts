import type { StorefrontData } from '@shopfront/core';

/**
 * Extras: parts of a product page that only some products need, shipped as scripts of their own
 * (Vite entries beside the storefront entry) that the server adds to those pages only, so every
 * other storefront page stays within its budget (apps/web/scripts/bundle-budgets.mjs). The server
 * picks the extra by the product's type too (apps/server/src/storefront/ssr-renderer.ts).
 */
export type StorefrontExtra = 'book-call' | 'course-syllabus';

/** The attribute of the element an extra mounts into; its value is the extra's name. */
export const EXTRA_ATTRIBUTE = 'data-sf-extra';
/** The element inside it that the extra's own React root renders into. */
export const EXTRA_HOST_ATTRIBUTE = 'data-sf-extra-host';

/** The extra a page needs: a call's booking form, a course's syllabus with its free previews. */
export function storefrontExtraOf(data: Pick<StorefrontData, 'product'>): StorefrontExtra | null {
  switch (data.product?.type) {
    case 'call':
      return 'book-call';
    case 'course':
      return 'course-syllabus';
    default:
      return null;
  }
}

/**
 * Where a storefront's own links go. `basePath` is `/{slug}` on the product's hosts and '' on a
 * custom or bio domain (spec §2).
 */
export function storeBasePath(slug: string): string {
  return `/${slug}`;
}

export function membersLoginPath(basePath: string): string {
  return `${basePath}/members/login`;
}

/** Issue 5: the members sign-up, where a buyer keeps their purchases in one place. */
export function membersSignupPath(basePath: string): string {
  return `${basePath}/members/signup`;
}

/** The store's landing (`/{slug}`, or `/` on a custom or bio domain). */
export function storeHomePath(basePath: string): string {
  return basePath || '/';
}

/** Issue 5 product page: `/{slug}/p/{productSlug}` (`/p/{productSlug}` on a custom or bio domain). */
export function productPath(basePath: string, productSlug: string): string {
  return `${basePath}/p/${encodeURIComponent(productSlug)}`;
}

/** The thank-you page a paid (or free) checkout ends on. */
export function checkoutSuccessPath(basePath: string, checkoutId: string): string {
  return `${basePath}/checkout/success?checkout=${encodeURIComponent(checkoutId)}`;
}

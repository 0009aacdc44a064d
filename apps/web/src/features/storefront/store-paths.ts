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

/** The product page belongs to the selling issue; the storefront's catch-all route serves it. */
export function productPath(basePath: string, productSlug: string): string {
  return `${basePath}/products/${encodeURIComponent(productSlug)}`;
}

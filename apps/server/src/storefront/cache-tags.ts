/**
 * The tag shared caches file a store's published answers under (`Cache-Tag` for Cloudflare,
 * `Surrogate-Key` for Fastly and Varnish), and the one the purger names when the store changes.
 */
export function storeCacheTag(storeId: string): string {
  return `store-${storeId}`;
}

/** `[name, value, …]` for a body's store; nothing for a body of no store (the not-found page). */
export function storeTagHeaders(storeId: string): string[] {
  if (!storeId) return [];
  const tag = storeCacheTag(storeId);
  return ['cache-tag', tag, 'surrogate-key', tag];
}

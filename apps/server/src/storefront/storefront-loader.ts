import type { StoreKey, StorefrontData } from '@shopfront/core';

/**
 * How the storefront service reads stores. The domain implements it (domain/storefront) and the
 * composition root passes it in, so the cache never imports the layer above it.
 */
export interface StorefrontLoader {
  /** The published store's page data (on a product page, `product` set or null); null when no store answers. */
  loadPublished(key: StoreKey, productSlug?: string): Promise<StorefrontData | null>;
  /** The owner's draft data (never cached); null when no store answers or `userId` does not own it. */
  loadPreview(key: StoreKey, userId: string, productSlug?: string): Promise<StorefrontData | null>;
  /**
   * The store a key names, for a product page whose product is missing or a store that is
   * offline (`loadPublished` answers null for those); null when there is none.
   */
  findStore(key: StoreKey): Promise<{ id: string; name: string; offline: boolean } | null>;
}

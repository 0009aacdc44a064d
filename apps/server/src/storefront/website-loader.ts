import type { StoreKey, StorefrontData, WebsiteNavPage, WebsitePageData } from '@shopfront/core';

/** What a store's website has at a page slug. */
export type WebsiteLookup =
  | { kind: 'page'; data: WebsitePageData }
  /** The site exists but has no published page by that slug (a themed 404 with its navigation). */
  | { kind: 'missing-page'; store: StorefrontData['store']; pages: WebsiteNavPage[] }
  /** The store has no published page at all: visitors are shown no website. */
  | { kind: 'no-website'; storeId: string };

export interface WebsiteSitemap {
  storeId: string;
  /** Canonical URLs of the published pages, in navigation order, with when each was published. */
  pages: { url: string; publishedAt: Date | null }[];
}

/**
 * How the website pages are read (domain/storefront/create-website-loader.ts implements it; the
 * composition root passes it in). Null answers mean no store, or an offline one.
 */
export interface WebsiteLoader {
  loadPublished(key: StoreKey, pageSlug: string): Promise<WebsiteLookup | null>;
  /** The owner's draft (the published content where there is no draft); null unless `userId` owns the store. */
  loadPreview(key: StoreKey, userId: string, pageSlug: string): Promise<WebsiteLookup | null>;
  loadSitemap(key: StoreKey): Promise<WebsiteSitemap | null>;
}

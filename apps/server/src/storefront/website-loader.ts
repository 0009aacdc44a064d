import type { StoreKey, StorefrontData, StorefrontProduct, WebsitePageContent } from '@shopfront/core';

/** A published page in a site's navigation. */
export interface WebsiteNavPage {
  slug: string;
  title: string;
}

/**
 * Everything one website page renders (apps/web/src/features/website/types.ts has the same shape:
 * the server never imports web source). `content` is published (or, in a preview, the draft),
 * its rich text sanitised again on load.
 */
export interface WebsitePageData {
  store: StorefrontData['store'];
  products: StorefrontProduct[];
  pages: WebsiteNavPage[];
  page: {
    slug: string;
    title: string;
    seoTitle: string | null;
    seoDescription: string | null;
    seoImageSrc: string | null;
    content: WebsitePageContent;
  };
  /** Absolute: the verified custom domain when there is one, else `{PUBLIC_URL}/{slug}/website[/{page}]`. */
  canonicalUrl: string;
  isPreview: boolean;
}

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

// Exports the website page reads (published, the owner's preview, the sitemap) and canonicalWebsiteUrl: one module because all three build on the same page and navigation queries.
import { AppError, HOME_PAGE_SLUG, websitePageUrl, type StoreKey, type WebsiteNavPage, type WebsitePageContent } from '@shopfront/core';
import { and, asc, eq, isNotNull, or } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { websitePages, type StoreRow } from '#src/db/schema/index.ts';
import type { WebsiteLookup, WebsiteSitemap } from '#src/storefront/website-loader.ts';
import { findStoreByKey } from '../stores/find-store-by-key.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { sanitizePageContent } from '../website/sanitize-page-content.ts';
import { loadStorefrontProducts } from './load-storefront-products.ts';
import { toStorefrontData, type StorefrontUrlOptions } from './load-storefront.ts';

const EMPTY_CONTENT: WebsitePageContent = { root: { props: {} }, content: [] };

/** A page's canonical URL: on the verified custom domain (`/` for home) or the platform's `/{slug}/website[/{page}]`. */
export function canonicalWebsiteUrl(row: Pick<StoreRow, 'slug' | 'customDomain'>, pageSlug: string, options: StorefrontUrlOptions): string {
  const page = pageSlug === HOME_PAGE_SLUG ? null : pageSlug;
  if (row.customDomain) return `https://${row.customDomain}/${page ? encodeURIComponent(page) : ''}`;
  return websitePageUrl(row, page, { origin: options.publicUrl });
}

/** The pages a visitor can reach (published), or in a preview every page with something to show. */
async function navigationOf(db: Executor, storeId: string, preview: boolean) {
  const shown = preview ? or(isNotNull(websitePages.publishedContent), isNotNull(websitePages.draftContent)) : isNotNull(websitePages.publishedContent);
  return db
    .select({ id: websitePages.id, slug: websitePages.slug, title: websitePages.title, publishedAt: websitePages.publishedAt })
    .from(websitePages)
    .where(and(eq(websitePages.storeId, storeId), shown))
    .orderBy(asc(websitePages.position), asc(websitePages.createdAt));
}

/**
 * One website page of a store: its content (published, or the owner's draft in a preview), the
 * navigation and the store's published products. A page without published content is never
 * part of a visitor's answer.
 */
async function websitePageOf(db: Executor, row: StoreRow, pageSlug: string, options: StorefrontUrlOptions & { preview: boolean }): Promise<WebsiteLookup> {
  const nav = await navigationOf(db, row.id, options.preview);
  if (nav.length === 0 && !options.preview) return { kind: 'no-website', storeId: row.id };
  const { store } = toStorefrontData(row, options);
  const pages: WebsiteNavPage[] = nav.map(({ slug, title }) => ({ slug, title }));
  const found = nav.find((page) => page.slug === pageSlug);
  const [page] = found
    ? await db.select().from(websitePages).where(eq(websitePages.id, found.id)).limit(1)
    : options.preview
      ? await db.select().from(websitePages).where(and(eq(websitePages.storeId, row.id), eq(websitePages.slug, pageSlug))).limit(1)
      : [];
  const content = page ? (options.preview ? (page.draftContent ?? page.publishedContent) : page.publishedContent) : null;
  if (!page || (!content && !options.preview)) return { kind: 'missing-page', store, pages };
  const products = await loadStorefrontProducts(db, row.id, store.profile.productLayout);
  return {
    kind: 'page',
    data: {
      store,
      products,
      pages,
      page: {
        slug: page.slug,
        title: page.title,
        seoTitle: page.seoTitle || null,
        seoDescription: page.seoDescription || null,
        seoImageSrc: page.seoImageSrc || null,
        // Sanitised on save; again here, so an old or hand-edited row still renders inert.
        content: content ? sanitizePageContent(content) : EMPTY_CONTENT,
      },
      canonicalUrl: canonicalWebsiteUrl(row, page.slug, options),
      isPreview: options.preview,
    },
  };
}

/** The public read: null when no store answers or it is offline (the offline page answers then). */
export async function loadPublishedWebsitePage(db: Database, key: StoreKey, pageSlug: string, options: StorefrontUrlOptions): Promise<WebsiteLookup | null> {
  const row = await findStoreByKey(db, key);
  return row && row.offlineReason === null ? websitePageOf(db, row, pageSlug, { ...options, preview: false }) : null;
}

/** `?preview=true`: the draft, for the store's owner only (anyone else gets null and the published page). */
export async function loadPreviewWebsitePage(
  db: Database,
  options: StorefrontUrlOptions & { key: StoreKey; userId: string; pageSlug: string },
): Promise<WebsiteLookup | null> {
  const row = await findStoreByKey(db, options.key);
  if (!row) return null;
  const owned = await getOwnedStore(db, { storeId: row.id, userId: options.userId }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not-found') return null;
    throw error;
  });
  return owned ? websitePageOf(db, owned, options.pageSlug, { ...options, preview: true }) : null;
}

/** The published pages' canonical URLs for sitemap.xml; null without a store or a website. */
export async function loadWebsiteSitemap(db: Database, key: StoreKey, options: StorefrontUrlOptions): Promise<WebsiteSitemap | null> {
  const row = await findStoreByKey(db, key);
  if (!row || row.offlineReason !== null) return null;
  const nav = await navigationOf(db, row.id, false);
  if (nav.length === 0) return null;
  return { storeId: row.id, pages: nav.map((page) => ({ url: canonicalWebsiteUrl(row, page.slug, options), publishedAt: page.publishedAt })) };
}

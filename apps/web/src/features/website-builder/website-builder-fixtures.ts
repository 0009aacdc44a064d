import type { WebsitePage, WebsitePageSummary } from '@shopfront/core';
import { testStore } from '#src/testing/creator-kit.tsx';

export function testPage(overrides: Partial<WebsitePageSummary> = {}): WebsitePageSummary {
  return {
    id: 'page_home',
    slug: 'home',
    title: 'Home',
    position: 0,
    seoTitle: '',
    seoDescription: '',
    seoImageSrc: '',
    isHome: true,
    status: 'draft',
    publishedAt: null,
    draftUpdatedAt: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const HOME = testPage();
export const ABOUT = testPage({ id: 'page_about', slug: 'about', title: 'About', position: 1, isHome: false, status: 'published', publishedAt: '2026-11-21T10:00:00.000Z' });
export const FAQ = testPage({ id: 'page_faq', slug: 'faq', title: 'FAQ', position: 2, isHome: false, status: 'changed', publishedAt: '2026-11-21T10:00:00.000Z' });

export function testFullPage(overrides: Partial<WebsitePage> = {}): WebsitePage {
  return { ...ABOUT, draftContent: null, publishedContent: { root: { props: {} }, content: [] }, ...overrides };
}

export const BASE_ANSWERS = {
  listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }),
};

import type { StorefrontData, StorefrontProduct } from '../schemas/store-profile.ts';
import type { WebsitePageContent } from './blocks.ts';

/**
 * What the server hands the web build's SSR module for a website page (decision 028). Types only:
 * the server builds these values, `apps/web/src/ssr/website-render.tsx` renders them.
 */

/** A published page in a site's navigation (home first, then by position). */
export interface WebsiteNavPage {
  slug: string;
  title: string;
}

/**
 * Everything one website page renders. `content` is published (or, in the owner's preview, the
 * draft), its rich text sanitised again on load.
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

/** Where a website page's links go; the server knows which host it is answering on. */
export interface WebsiteRenderOptions {
  /** `/{slug}/website`, `/website/{slug}` (the landing preview) or '' on the store's own domain. */
  basePath: string;
  /** `/{slug}`, or '' on the store's own domain: product pages are `{storeBasePath}/p/{slug}`. */
  storeBasePath: string;
  /** The storefront's landing ("Shop" in the navigation). */
  storeHref?: string;
  /** The EmailSignup form's POST route. */
  subscribeAction: string;
  /** A note above the page (the landing preview on a development host). */
  banner?: string;
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { STORE_OFFLINE_MESSAGES, type StorefrontData, type StorefrontProductDetail, type WebsiteNavPage, type WebsitePageData, type WebsiteRenderOptions } from '@shopfront/core';
import { extraAssets, pageAssets, type Manifest, type PageAssets } from './page-assets.ts';
import type { StorefrontLog } from './storefront-log.ts';

/** What apps/web/src/ssr/storefront-render.tsx exports (the server never imports web source). */
interface StorefrontSsrModule {
  renderStorefrontPage(data: StorefrontData, options: { basePath: string }): { html: string; head: string };
  renderStoreNotFoundPage(options: { homeUrl: string }): { html: string; head: string };
  /** Absent from an older web build: Store Not Found stands in. */
  renderProductNotFoundPage?(options: { storeHref: string; storeName: string }): { html: string; head: string };
  /** Absent from an older web build: a plain page stands in. */
  renderStoreOfflinePage?(options: { storeName: string; homeUrl: string }): { html: string; head: string };
  /** Website pages (apps/web/src/ssr/website-render.tsx); absent from an older web build. */
  renderWebsitePage?(data: WebsitePageData, options: WebsiteRenderOptions): { html: string; head: string };
  renderWebsiteNotFoundPage?(options: WebsiteRenderOptions & { store: WebsitePageData['store']; pages: WebsiteNavPage[] }): { html: string; head: string };
  renderWebsiteMissingPage?(options: { slug: string; homeUrl: string; banner?: string }): { html: string; head: string };
}

/** Whole documents for website pages: static HTML with the website stylesheet inlined and no script (decision 028). */
export interface WebsiteRenderer {
  renderPage(data: WebsitePageData, options: WebsiteRenderOptions): string;
  /** An unknown page of an existing site (404), in its theme with its navigation. */
  renderNotFound(options: WebsiteRenderOptions & { store: WebsitePageData['store']; pages: WebsiteNavPage[] }): string;
  /** Spec §2 Website Not Found with the slug (404). */
  renderMissing(options: { slug: string; homeUrl: string; banner?: string }): string;
}

export const SSR_MODULE_PATH = join('ssr', 'storefront-render.js');
export const MANIFEST_PATH = join('.vite', 'manifest.json');
export const STOREFRONT_ENTRY = 'src/modes/storefront/storefront-entry.tsx';
/**
 * The storefront's extras (apps/web/src/modes/storefront/extras/extras.ts): scripts of their own,
 * added only to the product pages that need them, with their CSS inlined like the page's. Picked
 * by the product's type, as the web side does (`storefrontExtraOf`).
 */
export const STOREFRONT_EXTRA_ENTRIES: Partial<Record<StorefrontProductDetail['type'], string>> = {
  call: 'src/modes/storefront/extras/book-call-entry.tsx',
  course: 'src/modes/storefront/extras/course-syllabus-entry.tsx',
};
/** Website pages' stylesheet entry (apps/web/vite.config.ts): only its CSS is used, inlined. */
export const WEBSITE_STYLES_ENTRY = 'src/modes/website/website-styles.ts';

export interface StorefrontRenderer {
  /** A whole HTML document for the store. */
  renderStore(data: StorefrontData, basePath: string): string;
  /** Spec §2 Store Not Found (answered with 404). */
  renderNotFound(homeUrl: string): string;
  /** A product page without its product (404), linking back to the store. */
  renderProductNotFound(options: { storeHref: string; storeName: string }): string;
  /** "This store is offline" (503): never the reason, which only the owner sees. */
  renderOffline(options: { storeName: string; homeUrl: string }): string;
  /** Null when the web build predates the website renderers (the SPA answers website addresses then). */
  website: WebsiteRenderer | null;
}

function documentShell(parts: { head: string; body: string; styles: string; scripts: string; configElement: string; mode?: 'storefront' | 'website' }): string {
  return (
    `<!doctype html><html lang="en" data-app-mode="${parts.mode ?? 'storefront'}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">' +
    `${parts.head}<link rel="icon" type="image/svg+xml" href="/favicon.svg">${parts.styles}${parts.scripts}${parts.configElement}` +
    `</head><body>${parts.body}</body></html>`
  );
}

/**
 * Loads the web build's server-rendering module and manifest once (`vite build` in apps/web
 * writes dist/ssr/storefront-render.js and dist/.vite/manifest.json); null when the web app is
 * not built, so the caller falls back to the SPA. A rebuild is picked up on restart, like any deploy.
 */
export async function loadStorefrontRenderer(options: {
  webDistDir: string;
  configElement: string;
  log: StorefrontLog;
}): Promise<StorefrontRenderer | null> {
  const modulePath = join(options.webDistDir, SSR_MODULE_PATH);
  const manifestPath = join(options.webDistDir, MANIFEST_PATH);
  if (!existsSync(modulePath) || !existsSync(manifestPath)) return null;
  try {
    const ssr = (await import(pathToFileURL(modulePath).href)) as StorefrontSsrModule;
    if (typeof ssr.renderStorefrontPage !== 'function' || typeof ssr.renderStoreNotFoundPage !== 'function') {
      throw new Error(`${modulePath} does not export the storefront renderers`);
    }
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    // Landing and product pages share one stylesheet: the page moves between them in place.
    const assets = pageAssets(options.webDistDir, manifest, STOREFRONT_ENTRY);
    const { styles, scripts } = assets;
    // A page with an extra gets its tags after the page's; one missing from an older build leaves its slot's words.
    const extras = new Map<string, PageAssets>();
    for (const [type, entry] of Object.entries(STOREFRONT_EXTRA_ENTRIES)) {
      if (manifest[entry]) extras.set(type, extraAssets(options.webDistDir, manifest, entry, assets));
    }
    const { configElement } = options;
    return {
      website: websiteRenderer(ssr, manifest, options.webDistDir),
      renderStore(data, basePath) {
        const page = ssr.renderStorefrontPage(data, { basePath });
        const extra = data.product ? extras.get(data.product.type) : undefined;
        return documentShell({
          head: page.head,
          body: page.html,
          styles: extra ? styles + extra.styles : styles,
          scripts: extra ? scripts + extra.scripts : scripts,
          configElement,
        });
      },
      renderNotFound(homeUrl) {
        const page = ssr.renderStoreNotFoundPage({ homeUrl });
        return documentShell({ head: page.head, body: page.html, styles, scripts: '', configElement: '' });
      },
      renderOffline(offline) {
        const page = ssr.renderStoreOfflinePage?.(offline) ?? plainOfflinePage(offline.storeName);
        return documentShell({ head: page.head, body: page.html, styles, scripts: '', configElement: '' });
      },
      renderProductNotFound(notFound) {
        const page = ssr.renderProductNotFoundPage?.(notFound) ?? ssr.renderStoreNotFoundPage({ homeUrl: notFound.storeHref });
        return documentShell({ head: page.head, body: page.html, styles, scripts: '', configElement: '' });
      },
    };
  } catch (error) {
    options.log.error({ err: error, modulePath }, 'the storefront renderer could not be loaded; storefronts fall back to the SPA');
    return null;
  }
}

/** The website renderers, when the web build has them and the website stylesheet entry. */
function websiteRenderer(ssr: StorefrontSsrModule, manifest: Manifest, webDistDir: string): WebsiteRenderer | null {
  const { renderWebsitePage, renderWebsiteNotFoundPage, renderWebsiteMissingPage } = ssr;
  if (!renderWebsitePage || !renderWebsiteNotFoundPage || !renderWebsiteMissingPage || !manifest[WEBSITE_STYLES_ENTRY]) return null;
  // Only the stylesheet, inlined: website pages run no script.
  const { styles } = pageAssets(webDistDir, manifest, WEBSITE_STYLES_ENTRY);
  const shell = (page: { head: string; html: string }) => documentShell({ head: page.head, body: page.html, styles, scripts: '', configElement: '', mode: 'website' });
  return {
    renderPage: (data, options) => shell(renderWebsitePage(data, options)),
    renderNotFound: (options) => shell(renderWebsiteNotFoundPage(options)),
    renderMissing: (options) => shell(renderWebsiteMissingPage(options)),
  };
}

/** The offline page of a web build without its own (no theme, same words). */
function plainOfflinePage(storeName: string): { html: string; head: string } {
  const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return {
    head: `<title>${escape(STORE_OFFLINE_MESSAGES.title)} · ${escape(storeName)}</title><meta name="robots" content="noindex">`,
    html: `<main><h1>${escape(STORE_OFFLINE_MESSAGES.title)}</h1><p>${escape(STORE_OFFLINE_MESSAGES.body)}</p></main>`,
  };
}

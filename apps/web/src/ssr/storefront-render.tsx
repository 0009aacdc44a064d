import { storeBaseUrl } from '@shopfront/core/store-urls';
import type { StorefrontData } from '@shopfront/core';
import { renderToString } from 'react-dom/server';
import { STOREFRONT_DOM } from '../features/storefront/dom-ids.ts';
import { ProductNotFoundView, StoreNotFoundView } from '../features/storefront/store-not-found-view.tsx';
import { StoreOfflineView } from '../features/storefront/store-offline-view.tsx';
import { STORE_OFFLINE_MESSAGES } from '@shopfront/core/store-offline';
import { StorefrontPage } from '../modes/storefront/storefront-page.tsx';
import { getTheme } from '../components/themes/registry.ts';
import { resolvePalette } from '../components/themes/theme-style.ts';
import { DEFAULT_THEME_ID } from '../components/themes/theme-ids.ts';
import ICON_SPRITE from '../components/ui/icon-sprite.svg?raw';
import { escapeHtml, jsonForScript } from './html-escape.ts';
import { renderStorefrontHead } from './storefront-head.ts';

/**
 * The server-rendering entry, built by Vite into dist/ssr/storefront-render.js and imported by the
 * server at run time (the server never imports web source). `html` goes in <body>, `head` in <head>;
 * the server adds the document shell, the client config and the storefront entry's assets.
 */
export interface RenderedPage {
  html: string;
  head: string;
}

export interface RenderStorefrontOptions {
  /** `/{slug}` on the product's hosts (the default), '' on a custom or bio domain. */
  basePath?: string;
}

export function renderStorefrontPage(data: StorefrontData, options: RenderStorefrontOptions = {}): RenderedPage {
  const basePath = options.basePath ?? storeBaseUrl(data.store, { origin: '' });
  const { profile } = data.store;
  const palette = resolvePalette(getTheme(profile.theme), profile.themeOverrides.colors);
  const markup = renderToString(<StorefrontPage data={data} basePath={basePath} />);
  // The icon sprite sits outside the hydrated root: React never sees it, the client needs no path data.
  const html =
    ICON_SPRITE.trim() +
    `<div id="${STOREFRONT_DOM.rootId}" ${STOREFRONT_DOM.basePathAttribute}="${escapeHtml(basePath)}">${markup}</div>` +
    `<script type="application/json" id="${STOREFRONT_DOM.dataId}">${jsonForScript(data)}</script>`;
  return { html, head: renderStorefrontHead(data, palette) };
}

/** Spec §2 Store Not Found (the server answers it with 404); static, so it needs no script. */
export function renderStoreNotFoundPage(options: { homeUrl: string }): RenderedPage {
  const palette = getTheme(DEFAULT_THEME_ID).defaults;
  return {
    html: renderToString(<StoreNotFoundView homeHref={options.homeUrl} />),
    head:
      '<title>Store Not Found · Shopfront</title><meta name="robots" content="noindex">' +
      `<meta name="theme-color" content="${palette.backgroundStartColor}">` +
      `<style>html{background-color:${palette.backgroundEndColor}}body{margin:0}</style>`,
  };
}

/** A product page of an existing store without that published product (404), linking back to the store. */
export function renderProductNotFoundPage(options: { storeHref: string; storeName: string }): RenderedPage {
  const palette = getTheme(DEFAULT_THEME_ID).defaults;
  return {
    html: renderToString(<ProductNotFoundView storeHref={options.storeHref} storeName={options.storeName} />),
    head:
      `<title>Product not found · ${escapeHtml(options.storeName)}</title><meta name="robots" content="noindex">` +
      `<meta name="theme-color" content="${palette.backgroundStartColor}">` +
      `<style>html{background-color:${palette.backgroundEndColor}}body{margin:0}</style>`,
  };
}

/** An offline store (the server answers 503): its name and "This store is offline", never the reason. */
export function renderStoreOfflinePage(options: { storeName: string; homeUrl: string }): RenderedPage {
  const palette = getTheme(DEFAULT_THEME_ID).defaults;
  return {
    html: renderToString(<StoreOfflineView storeName={options.storeName} homeHref={options.homeUrl} />),
    head:
      `<title>${escapeHtml(STORE_OFFLINE_MESSAGES.title)} · ${escapeHtml(options.storeName)}</title><meta name="robots" content="noindex">` +
      `<meta name="theme-color" content="${palette.backgroundStartColor}">` +
      `<style>html{background-color:${palette.backgroundEndColor}}body{margin:0}</style>`,
  };
}

// Website pages ride in the same server-rendering module (one import on the server).
export { renderWebsiteMissingPage, renderWebsiteNotFoundPage, renderWebsitePage } from './website-render.tsx';

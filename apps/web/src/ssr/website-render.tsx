import { renderToString } from 'react-dom/server';
import { getTheme } from '../components/themes/registry.ts';
import { resolvePalette } from '../components/themes/theme-style.ts';
import { DEFAULT_THEME_ID } from '../components/themes/theme-ids.ts';
import type { WebsiteNavPage, WebsitePageData, WebsiteRenderOptions } from '@shopfront/core';
import type { WebsiteStore } from '../features/website/types.ts';
import { WebsiteMissingView } from '../features/website/website-missing-view.tsx';
import { WebsitePageNotFoundView } from '../features/website/website-not-found-view.tsx';
import { WebsiteView } from '../features/website/website-view.tsx';
import { escapeHtml } from './html-escape.ts';
import { renderWebsiteHead } from './website-head.ts';

export interface RenderedPage {
  html: string;
  head: string;
}

const DRAFT_BANNER = 'Preview of your unpublished changes — visitors see the published page.';

const paletteOf = (store: WebsiteStore) => resolvePalette(getTheme(store.profile.theme), store.profile.themeOverrides.colors);

/**
 * A website page, whole and static: no script and no inlined data (its blocks need no JavaScript;
 * the email signup is a plain form post). The server adds the document shell and the stylesheet.
 */
export function renderWebsitePage(data: WebsitePageData, options: WebsiteRenderOptions): RenderedPage {
  const { banner, ...context } = options;
  const note = data.isPreview ? DRAFT_BANNER : banner;
  const html = renderToString(<WebsiteView data={data} context={context} banner={note} />);
  return { html, head: renderWebsiteHead(data, paletteOf(data.store), { noindex: Boolean(banner) }) };
}

/** An unknown page of an existing website (404), in the site's theme and with its navigation. */
export function renderWebsiteNotFoundPage(options: Omit<WebsiteRenderOptions, 'banner'> & { store: WebsiteStore; pages: WebsiteNavPage[] }): RenderedPage {
  const { store, pages, ...context } = options;
  const palette = paletteOf(store);
  return {
    html: renderToString(<WebsitePageNotFoundView store={store} pages={pages} context={context} />),
    head:
      `<title>Page not found · ${escapeHtml(store.profile.name)}</title><meta name="robots" content="noindex">` +
      `<meta name="theme-color" content="${palette.backgroundStartColor}">` +
      `<style>html{background-color:${palette.backgroundEndColor}}body{margin:0}</style>`,
  };
}

/** Spec §2 Website Not Found with the slug (404): no such store, or nothing published. */
export function renderWebsiteMissingPage(options: { slug: string; homeUrl: string; banner?: string }): RenderedPage {
  const palette = getTheme(DEFAULT_THEME_ID).defaults;
  return {
    html: renderToString(<WebsiteMissingView slug={options.slug} homeHref={options.homeUrl} banner={options.banner} />),
    head:
      '<title>Website Not Found · Shopfront</title><meta name="robots" content="noindex">' +
      `<meta name="theme-color" content="${palette.backgroundStartColor}">` +
      `<style>html{background-color:${palette.backgroundEndColor}}body{margin:0}</style>`,
  };
}

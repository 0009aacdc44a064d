// What a visitor downloads, measured as sent: brotli at the quality the build writes
// (compress-assets.mjs), JavaScript and CSS. The web build (vite.config.ts) fails when a page
// goes over its budget.
import { resolve, sep } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { brotliOptions } from './compress-assets.mjs';

/**
 * Every storefront page: its hydration entry and everything it can import, with their CSS. The
 * server inlines that CSS in every storefront page's HTML (apps/server/src/storefront/page-assets.ts)
 * rather than linking it, so it still counts here: each page's document carries it.
 * 80 KB (decision 037). What only some products' pages need ships as an extra, a script the server
 * adds to those pages only (src/modes/storefront/extras/), with a budget of its own below.
 */
export const STOREFRONT_BUDGET_BYTES = 80 * 1024;
/** A call's page: the storefront page plus its extra, the booking form (the slot picker and the call's questions). */
export const STOREFRONT_CALL_PAGE_BUDGET_BYTES = 84 * 1024;
/**
 * A course's page: the storefront page plus its extra, the syllabus and the free-preview player.
 * hls.js (about 143 KB) is not counted: it is a lazy chunk of its own, fetched only when a preview
 * plays HLS in a browser that cannot play it natively (LAZY_NOT_COUNTED).
 */
export const STOREFRONT_COURSE_PAGE_BUDGET_BYTES = 84 * 1024;
/** Libraries a page fetches only on a visitor's action, each in a chunk of its own: not counted in a page's budget. */
export const LAZY_NOT_COUNTED = /[\\/]node_modules[\\/]hls\.js[\\/]/;
/**
 * `/dashboard` before its first screen: the SPA entry and the dashboard mode, static imports only.
 * 110 KB (decision 056): react-dom 55 KB, React 3 KB, react-router in its declarative mode
 * (`Router` and `useRoutes` on the app's own history, src/lib/router/) about 12 KB, TanStack Query
 * about 11 KB, the first screen's own utilities 6 KB (src/index.css; every other page's are in
 * app-styles.css, loaded with the lazy pages), and the app's code (entry, layout, overview, store
 * switcher, account menu, session, call-function) about 22 KB. What few visitors see (the region
 * router, an offline store's or an admin's notice, the unknown-path screens) loads when shown.
 */
export const DASHBOARD_FIRST_SCREEN_BUDGET_BYTES = 110 * 1024;
export const DASHBOARD_MODE_ENTRY = 'src/modes/dashboard/routes.tsx';

/** The first screen's stylesheet: Tailwind generates utilities only from its `@source` files and folders. */
export const FIRST_SCREEN_STYLESHEET = 'src/index.css';
const APP_MODULE = /[\\/]apps[\\/]web[\\/]src[\\/].*\.[cm]?[jt]sx?$/;

/**
 * The app's modules on the first screen that the first screen's stylesheet does not scan: their
 * classes would have no styles until app-styles.css arrives. Each must be a `@source` file or sit
 * in a `@source` folder (paths relative to the stylesheet).
 * @param {string[]} moduleIds the first screen's modules (with code in their chunk)
 * @param {string} css the stylesheet's source
 * @param {string} cssDir the stylesheet's folder
 */
export function uncoveredFirstScreenModules(moduleIds, css, cssDir) {
  const sources = [...css.matchAll(/^@source\s+'([^']+)';/gm)].map((match) => resolve(cssDir, match[1]));
  return moduleIds.filter((id) => APP_MODULE.test(id) && !sources.some((source) => id === source || id.startsWith(`${source}${sep}`)));
}

export function brotliSize(content) {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return brotliCompressSync(bytes, brotliOptions(bytes.length)).length;
}

/**
 * The files a page loads from its entry chunks: every static import (with `followDynamic`, every
 * dynamic one too, but those whose modules all match `notCounted`) and the CSS each chunk brings.
 * Order: as found, entries first.
 * @param {{ fileName: string, imports: string[], dynamicImports: string[], css?: string[], moduleIds?: string[] }[]} chunks
 * @param {string[]} entryFileNames
 * @param {{ followDynamic: boolean, notCounted?: RegExp }} options
 * @returns {{ files: string[], missing: string[], notCounted: string[] }}
 */
export function filesLoaded(chunks, entryFileNames, { followDynamic, notCounted }) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set();
  const missing = [];
  const skipped = new Set();
  const queue = [...entryFileNames];
  const lazyOnly = (chunk) => notCounted !== undefined && (chunk.moduleIds?.length ?? 0) > 0 && chunk.moduleIds.every((id) => notCounted.test(id));
  while (queue.length > 0) {
    const fileName = queue.shift();
    if (files.has(fileName)) continue;
    const chunk = byName.get(fileName);
    if (!chunk) {
      missing.push(fileName);
      continue;
    }
    files.add(fileName);
    for (const css of chunk.css ?? []) files.add(css);
    queue.push(...chunk.imports);
    if (!followDynamic) continue;
    for (const lazy of chunk.dynamicImports) {
      const target = byName.get(lazy);
      if (target && lazyOnly(target)) skipped.add(lazy);
      else queue.push(lazy);
    }
  }
  return { files: [...files], missing, notCounted: [...skipped].filter((fileName) => !files.has(fileName)) };
}

/**
 * @param {{ name: string, files: { fileName: string, brotliBytes: number }[], limitBytes: number }} page
 * @returns {{ name: string, files: { fileName: string, brotliBytes: number }[], totalBrotliBytes: number, limitBytes: number, problems: string[] }}
 */
export function checkBudget({ name, files, limitBytes }) {
  const totalBrotliBytes = files.reduce((sum, file) => sum + file.brotliBytes, 0);
  const problems =
    totalBrotliBytes > limitBytes ? [`${name} loads ${kb(totalBrotliBytes)} brotli (${totalBrotliBytes} B), over its ${kb(limitBytes)} budget`] : [];
  return { name, files, totalBrotliBytes, limitBytes, problems };
}

export function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function formatBudget(result) {
  const lines = [...result.files].sort((a, b) => b.brotliBytes - a.brotliBytes).map((file) => `  ${file.fileName}  ${kb(file.brotliBytes)} br`);
  lines.push(`  total ${kb(result.totalBrotliBytes)} brotli (budget ${kb(result.limitBytes)})`);
  return `${result.name}:\n${lines.join('\n')}`;
}

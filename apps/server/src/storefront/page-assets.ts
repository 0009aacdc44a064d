import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** What a server-rendered page puts in its head to look right and come alive. */
export interface PageAssets {
  /** One `<style>` holding every stylesheet the entry needs, in the order Vite would link them. */
  styles: string;
  /** Module preloads and the entry's module script (deferred: they never hold back the first paint). */
  scripts: string;
  /** The CSS files inlined, as the manifest names them (for logs and tests). */
  cssFiles: string[];
  /** The script files the tags load: the preloads, then the entry. */
  scriptFiles: string[];
}

/** The entry's CSS files and the chunks it imports, walked the way Vite orders its own tags. */
function walkEntry(manifest: Manifest, entryKey: string): { css: string[]; preload: string[]; entryFile: string } {
  const entry = manifest[entryKey];
  if (!entry) throw new Error(`${entryKey} is missing from the web build's manifest`);
  const css = new Set<string>();
  const preload = new Set<string>();
  const visit = (key: string, isEntry: boolean) => {
    const chunk = manifest[key];
    if (!chunk) return;
    for (const file of chunk.css ?? []) css.add(file);
    if (!isEntry) {
      if (preload.has(chunk.file)) return;
      preload.add(chunk.file);
    }
    for (const child of chunk.imports ?? []) visit(child, false);
  };
  visit(entryKey, true);
  return { css: [...css], preload: [...preload], entryFile: entry.file };
}

/**
 * The CSS as one inline `<style>`, read once per build and process: on a phone every stylesheet
 * `<link>` is a render-blocking round trip (562.5 ms on Slow 4G) after the document's own, so the
 * first paint needs only the document (decision 037). The page cache keeps the compressed page,
 * so the CSS costs each request nothing; CSP allows it (`style-src 'unsafe-inline'`, security-headers.ts).
 */
export function inlineStyles(webDistDir: string, cssFiles: readonly string[]): string {
  if (cssFiles.length === 0) return '';
  const css = cssFiles.map((file) => readFileSync(join(webDistDir, file), 'utf8').trim()).join('\n');
  // Our own build, but a `</style` inside would end the element and spill the rest into the page.
  if (/<\/style/i.test(css)) throw new Error(`${cssFiles.join(', ')} contain "</style" and cannot be inlined`);
  return `<style>${css}</style>`;
}

function assetsOf(webDistDir: string, css: string[], preload: string[], entryFile: string): PageAssets {
  return {
    styles: inlineStyles(webDistDir, css),
    scripts: preload.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('') + `<script type="module" crossorigin src="/${entryFile}"></script>`,
    cssFiles: css,
    scriptFiles: [...preload, entryFile],
  };
}

/** The head tags of a page built from `entryKey`: its CSS inlined, its scripts as modules. */
export function pageAssets(webDistDir: string, manifest: Manifest, entryKey: string): PageAssets {
  const { css, preload, entryFile } = walkEntry(manifest, entryKey);
  return assetsOf(webDistDir, css, preload, entryFile);
}

/**
 * The tags an extra adds to a page that already has `page`'s (a storefront extra: a script only
 * some product pages need, apps/web/src/modes/storefront/extras/): its CSS the page does not
 * inline yet, after the page's so it may refine it, and its module script (run after the page's,
 * module scripts keeping their order) with preloads for the chunks the page does not load.
 */
export function extraAssets(webDistDir: string, manifest: Manifest, entryKey: string, page: Pick<PageAssets, 'cssFiles' | 'scriptFiles'>): PageAssets {
  const { css, preload, entryFile } = walkEntry(manifest, entryKey);
  return assetsOf(
    webDistDir,
    css.filter((file) => !page.cssFiles.includes(file)),
    preload.filter((file) => !page.scriptFiles.includes(file)),
    entryFile,
  );
}

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A chunk as Vite's build manifest (`dist/.vite/manifest.json`) lists it. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/** The SPA shell's entry and the modes' routes modules, as the manifest names them. */
export const SPA_ENTRY_KEY = 'index.html';
export const DASHBOARD_MODE_KEY = 'src/modes/dashboard/routes.tsx';
export const MEMBERS_MODE_KEY = 'src/modes/members/routes.tsx';

/** The files `key` loads through static imports, its own included, with their stylesheets. */
function staticFiles(manifest: BuildManifest, key: string): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const queue = [key];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const chunk = manifest[next];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    queue.push(...(chunk.imports ?? []));
  }
  return files;
}

/**
 * `<link rel="modulepreload">` for a mode's chunk and the scripts it imports that the shell does
 * not already load, and `<link rel="preload" as="style">` for their stylesheets. The shell only
 * learns its mode once main.js runs and then imports the mode: a phone would wait a round trip for
 * that chunk after main.js, and another for each level of its imports (decision 038). `crossorigin`
 * as Vite writes its own preloads, so the browser reuses the fetch for the import; the stylesheets
 * Vite then links for the chunk come from the cache.
 */
export function modulePreloadLinks(manifest: BuildManifest, modeKey: string): string {
  const shell = staticFiles(manifest, SPA_ENTRY_KEY);
  const files = [...staticFiles(manifest, modeKey)].filter((file) => !shell.has(file) && /^[\w./-]+$/.test(file));
  const scripts = files.filter((file) => file.endsWith('.js')).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const styles = files.filter((file) => file.endsWith('.css')).map((file) => `<link rel="preload" as="style" href="/${file}">`);
  return [...scripts, ...styles].join('');
}

/** A mode's preload links from the build in `webDistDir`; none when it has no manifest. */
export async function readModePreloadLinks(webDistDir: string, modeKey: string): Promise<string> {
  const text = await readFile(join(webDistDir, '.vite', 'manifest.json'), 'utf8').catch(() => null);
  if (text === null) return '';
  try {
    return modulePreloadLinks(JSON.parse(text) as BuildManifest, modeKey);
  } catch {
    return '';
  }
}

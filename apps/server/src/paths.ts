import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server, found by walking up from this module: the same answer from `tsx src/…` and from
 * the esbuild bundle `dist/main.js`, so migrations and the web build are found from either.
 */
export const SERVER_PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_DIR = join(SERVER_PACKAGE_ROOT, 'drizzle');
export const WEB_DIST_DIR = join(SERVER_PACKAGE_ROOT, '..', 'web', 'dist');

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && readPackageName(manifest) === '@shopfront/server') return dir;
    if (dirname(dir) === dir) throw new Error(`@shopfront/server package.json not found above ${start}`);
  }
}

function readPackageName(manifest: string): unknown {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name;
  } catch {
    return undefined;
  }
}

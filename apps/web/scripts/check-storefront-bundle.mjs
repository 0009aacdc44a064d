#!/usr/bin/env node
// The JavaScript a storefront visitor downloads holds no dashboard code, and stays within its
// brotli budget (bundle-budgets.mjs). Run by the web build (vite.config.ts, on the real module
// graph) and by hand on a built dist: `node apps/web/scripts/check-storefront-bundle.mjs [distDir]`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliSize, checkBudget, filesLoaded, formatBudget, STOREFRONT_BUDGET_BYTES } from './bundle-budgets.mjs';

export const STOREFRONT_ENTRY = 'src/modes/storefront/storefront-entry.tsx';

/** Modules that must never reach a storefront visitor: the SPA's machinery and other modes. */
export const FORBIDDEN_MODULES = [
  { pattern: /[\\/]node_modules[\\/]react-router/, reason: 'react-router' },
  { pattern: /[\\/]node_modules[\\/]@tanstack[\\/]/, reason: 'TanStack Query' },
  { pattern: /[\\/]node_modules[\\/]zod[\\/]/, reason: 'zod' },
  { pattern: /[\\/]node_modules[\\/](@radix-ui|react-hook-form|@hookform)[\\/]/, reason: 'dashboard UI libraries' },
  // Core's zod-free subpath modules (`@shopfront/core/money`, `/store-urls`, `/bytes`, `/color-contrast`, `/theme-palette`, `/safe-url`, `/price-display`) are allowed;
  // anything else from core brings the contracts and zod.
  { pattern: /[\\/]packages[\\/]core[\\/]src[\\/](?!(money|store-urls|bytes|color-contrast|theme-palette|safe-url|price-display)\.ts$)/, reason: '@shopfront/core values (they bring zod)' },
  { pattern: /[\\/]src[\\/]modes[\\/](dashboard|landing|members|website)[\\/]/, reason: 'another mode' },
  { pattern: /[\\/]src[\\/](app|lib)[\\/]/, reason: 'the SPA shell' },
  // The storefront mode composes the view with features/checkout (the buyer's checkout form,
  // dependency-free like the view) and a call's booking form from features/bookings (its slot
  // picker, also dependency-free; the patterns above catch any library it must not bring); the
  // themes are shared UI in components/themes.
  { pattern: /[\\/]src[\\/]features[\\/](?!storefront[\\/]|checkout[\\/]|bookings[\\/])/, reason: 'a feature other than storefront/checkout/bookings' },
];

/** Chunk file names that mark SPA mode bundles (vite.config.ts names them `mode-<name>-<hash>.js`). */
const FORBIDDEN_FILE = /(^|\/)(mode-[a-z]+-|[^/]*dashboard)[^/]*\.js$/;

/**
 * @param {{ fileName: string, code: string, imports: string[], dynamicImports: string[], moduleIds?: string[] }[]} chunks
 * @param {string} entryFileName the storefront entry chunk
 * @returns {{ files: string[], problems: string[] }}
 */
export function checkStorefrontChunks(chunks, entryFileName) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set();
  const queue = [entryFileName];
  const problems = [];
  const files = [];
  while (queue.length > 0) {
    const fileName = queue.shift();
    if (seen.has(fileName)) continue;
    seen.add(fileName);
    const chunk = byName.get(fileName);
    if (!chunk) {
      problems.push(`${fileName} is referenced but missing`);
      continue;
    }
    if (FORBIDDEN_FILE.test(fileName)) problems.push(`${fileName} is a dashboard/SPA mode chunk`);
    for (const id of chunk.moduleIds ?? []) {
      const hit = FORBIDDEN_MODULES.find(({ pattern }) => pattern.test(id));
      if (hit) problems.push(`${fileName} contains ${hit.reason}: ${id}`);
    }
    files.push(fileName);
    queue.push(...chunk.imports, ...chunk.dynamicImports);
  }
  return { files, problems };
}

/**
 * The same checks on a built dist, from Vite's manifest (module lists are not in it: names only),
 * with the storefront's brotli budget.
 */
export function checkBuiltDist(distDir) {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the web app first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entry = manifest[STOREFRONT_ENTRY];
  if (!entry) throw new Error(`${STOREFRONT_ENTRY} is not in the manifest`);
  const chunks = Object.values(manifest).map((item) => ({
    fileName: item.file,
    code: item.file.endsWith('.js') ? readFileSync(join(distDir, item.file)) : '',
    imports: (item.imports ?? []).map((key) => manifest[key]?.file ?? key),
    dynamicImports: (item.dynamicImports ?? []).map((key) => manifest[key]?.file ?? key),
    css: item.css ?? [],
  }));
  const contents = checkStorefrontChunks(chunks, entry.file);
  const loaded = filesLoaded(chunks, [entry.file], { followDynamic: true }).files;
  const budget = checkBudget({
    name: 'storefront page',
    files: loaded.map((fileName) => ({ fileName, brotliBytes: brotliSize(readFileSync(join(distDir, fileName))) })),
    limitBytes: STOREFRONT_BUDGET_BYTES,
  });
  return { report: formatBudget(budget), problems: [...contents.problems, ...budget.problems] };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const distDir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const result = checkBuiltDist(distDir);
  console.log(result.report);
  if (result.problems.length > 0) {
    console.error(`storefront bundle check FAILED:\n  ${result.problems.join('\n  ')}`);
    process.exit(1);
  }
}

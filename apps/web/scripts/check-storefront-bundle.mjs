#!/usr/bin/env node
// The JavaScript a storefront visitor downloads holds no dashboard code, and stays within its
// brotli budget (bundle-budgets.mjs). Run by the web build (vite.config.ts, on the real module
// graph) and by hand on a built dist: `node apps/web/scripts/check-storefront-bundle.mjs [distDir]`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  brotliSize,
  checkBudget,
  filesLoaded,
  formatBudget,
  STOREFRONT_BUDGET_BYTES,
  STOREFRONT_CALL_PAGE_BUDGET_BYTES,
  STOREFRONT_COURSE_PAGE_BUDGET_BYTES,
} from './bundle-budgets.mjs';

export const STOREFRONT_ENTRY = 'src/modes/storefront/storefront-entry.tsx';

/**
 * The storefront's extras (src/modes/storefront/extras/): entries of their own that the server
 * adds to some product pages only, each allowed the one feature it brings, and measured as its
 * page plus the extra (shared chunks once).
 */
export const STOREFRONT_EXTRAS = [
  { name: 'book-call', entry: 'src/modes/storefront/extras/book-call-entry.tsx', feature: 'bookings', page: 'storefront call page', limitBytes: STOREFRONT_CALL_PAGE_BUDGET_BYTES },
  { name: 'course-syllabus', entry: 'src/modes/storefront/extras/course-syllabus-entry.tsx', feature: 'courses', page: 'storefront course page', limitBytes: STOREFRONT_COURSE_PAGE_BUDGET_BYTES },
];

/** Modules that must never reach a storefront visitor: the SPA's machinery and other modes. */
export const FORBIDDEN_MODULES = [
  { pattern: /[\\/]node_modules[\\/]react-router/, reason: 'react-router' },
  { pattern: /[\\/]node_modules[\\/]@tanstack[\\/]/, reason: 'TanStack Query' },
  { pattern: /[\\/]node_modules[\\/]zod[\\/]/, reason: 'zod' },
  { pattern: /[\\/]node_modules[\\/](@radix-ui|react-hook-form|@hookform)[\\/]/, reason: 'dashboard UI libraries' },
  // Core's zod-free subpath modules (`@shopfront/core/money`, `/store-urls`, `/bytes`, `/color-contrast`, `/theme-palette`, `/safe-url`, `/price-display`, `/booking-limits`) are allowed;
  // anything else from core brings the contracts and zod.
  { pattern: /[\\/]packages[\\/]core[\\/]src[\\/](?!(money|store-urls|bytes|color-contrast|theme-palette|safe-url|price-display|booking-limits)\.ts$)/, reason: '@shopfront/core values (they bring zod)' },
  { pattern: /[\\/]src[\\/]modes[\\/](dashboard|landing|members|website)[\\/]/, reason: 'another mode' },
  { pattern: /[\\/]src[\\/](app|lib)[\\/]/, reason: 'the SPA shell' },
  // The storefront mode composes the view with features/checkout (the buyer's checkout form,
  // dependency-free like the view); the themes are shared UI in components/themes. A call's
  // booking form (features/bookings) and a course's syllabus (features/courses) are allowed only
  // in their extras (STOREFRONT_EXTRAS; checkStorefrontChunks' `allowFeatures`).
  { pattern: /[\\/]src[\\/]features[\\/](?!storefront[\\/]|checkout[\\/])/, reason: 'a feature other than storefront/checkout' },
];

const FEATURE = /[\\/]src[\\/]features[\\/]([\w-]+)[\\/]/;

/** Chunk file names that mark SPA mode bundles (vite.config.ts names them `mode-<name>-<hash>.js`). */
const FORBIDDEN_FILE = /(^|\/)(mode-[a-z]+-|[^/]*dashboard)[^/]*\.js$/;

/**
 * @param {{ fileName: string, code: string, imports: string[], dynamicImports: string[], moduleIds?: string[] }[]} chunks
 * @param {string} entryFileName the storefront entry chunk, or an extra's
 * @param {{ allowFeatures?: string[] }} [options] an extra's feature (features/<name>), allowed in what it loads
 * @returns {{ files: string[], problems: string[] }}
 */
export function checkStorefrontChunks(chunks, entryFileName, { allowFeatures = [] } = {}) {
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
      if (allowFeatures.includes(FEATURE.exec(id)?.[1] ?? '')) continue;
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
 * with the storefront's brotli budgets: the page, and the page with each extra.
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
  const sizeOf = (fileName) => ({ fileName, brotliBytes: brotliSize(readFileSync(join(distDir, fileName))) });
  const results = [{ ...checkStorefrontChunks(chunks, entry.file), budget: checkBudget({ name: 'storefront page', files: filesLoaded(chunks, [entry.file], { followDynamic: true }).files.map(sizeOf), limitBytes: STOREFRONT_BUDGET_BYTES }) }];
  for (const extra of STOREFRONT_EXTRAS) {
    const file = manifest[extra.entry]?.file;
    if (!file) throw new Error(`${extra.entry} is not in the manifest`);
    // Module lists are not in the manifest: hls.js's lazy chunk is known by its name there.
    const loaded = filesLoaded(chunks, [entry.file, file], { followDynamic: true }).files.filter((name) => !/(^|\/)hls-[^/]*\.js$/.test(name));
    results.push({ ...checkStorefrontChunks(chunks, file, { allowFeatures: [extra.feature] }), budget: checkBudget({ name: extra.page, files: loaded.map(sizeOf), limitBytes: extra.limitBytes }) });
  }
  return {
    report: results.map((result) => formatBudget(result.budget)).join('\n'),
    problems: results.flatMap((result) => [...result.problems, ...result.budget.problems]),
  };
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

// Bundles the server (src/main.ts → dist/main.js), its migration CLI and the admin CLI
// (dist/admin.js). npm packages stay external (installed beside the app); @shopfront/core is
// TypeScript source with no build step, so it is bundled in. `node build.mjs <dir>` writes the
// bundles to <dir> instead (the server tests build their own copy: testing/global-setup.ts).
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { thinToLines } from './src/process/line-source-map.ts';

const root = dirname(fileURLToPath(import.meta.url));

/** @type {import('esbuild').Plugin} */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@shopfront/') || args.path.startsWith('#src/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
const outdir = process.argv[2] ?? join(root, 'dist');
const entries = ['src/main.ts', 'src/db/migrate-cli.ts', 'src/cli/admin.ts'];
await build({
  entryPoints: entries.map((entry) => join(root, entry)),
  outdir,
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // Source maps name each stack frame's file and line (`--enable-source-maps`), nothing more: no
  // copy of the sources, and one mapping per original line (src/process/line-source-map.ts says
  // what the full map cost in memory).
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [externalNpmPackages],
});
for (const entry of entries) {
  const bundle = join(outdir, `${entry.replace(/^.*\//, '').replace(/\.ts$/, '')}.js`);
  const map = JSON.parse(readFileSync(`${bundle}.map`, 'utf8'));
  writeFileSync(`${bundle}.map`, JSON.stringify(thinToLines(map, readFileSync(bundle, 'utf8'))));
}
console.log(`apps/server: built ${outdir === join(root, 'dist') ? 'dist' : outdir} in ${Date.now() - started} ms`);

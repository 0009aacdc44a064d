// Bundles the server (src/main.ts → dist/main.js), its migration CLI and the admin CLI
// (dist/admin.js). npm packages stay external (installed beside the app); @shopfront/core is
// TypeScript source with no build step, so it is bundled in. `node build.mjs <dir>` writes the
// bundles to <dir> instead (the server tests build their own copy: testing/global-setup.ts).
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
await build({
  entryPoints: [join(root, 'src/main.ts'), join(root, 'src/db/migrate-cli.ts'), join(root, 'src/cli/admin.ts')],
  outdir,
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalNpmPackages],
});
console.log(`apps/server: built ${outdir === join(root, 'dist') ? 'dist' : outdir} in ${Date.now() - started} ms`);

// Bundles src/main.ts → dist/main.js. npm packages stay external (installed beside the app);
// @shopfront/core is TypeScript source with no build step, so it is bundled in.
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
await build({
  entryPoints: [join(root, 'src/main.ts'), join(root, 'src/db/migrate-cli.ts')],
  outdir: join(root, 'dist'),
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalNpmPackages],
});
console.log(`apps/server: built dist/main.js in ${Date.now() - started} ms`);

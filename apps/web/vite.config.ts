/// <reference types="vitest/config" />
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { checkStorefrontChunks, formatReport, STOREFRONT_ENTRY } from './scripts/check-storefront-bundle.mjs';

const SERVER_ORIGIN = 'http://localhost:3000';
/** Website pages' stylesheet (they ship no script): the server finds its CSS in the manifest. */
const WEBSITE_STYLES_ENTRY = 'src/modes/website/website-styles.ts';
const MODE_ROUTES = /[\\/]modes[\\/](\w+)[\\/]routes\.tsx$/;
const REACT_DOM = /[\\/]node_modules[\\/]react-dom[\\/]/;

/**
 * The storefront entry's JavaScript stays ≤ 80 KB gzip with no dashboard code. Checked on
 * the real module graph of every client build, so `npm run build` (and `npm test`) fail on a breach.
 */
function storefrontBudget(): Plugin {
  return {
    name: 'shopfront:storefront-budget',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk'
          ? [{ fileName: item.fileName, code: item.code, imports: item.imports, dynamicImports: item.dynamicImports, moduleIds: item.moduleIds, facade: item.facadeModuleId }]
          : [],
      );
      const entry = chunks.find((chunk) => chunk.facade?.replaceAll('\\', '/').endsWith(STOREFRONT_ENTRY));
      if (!entry) return this.error(`the storefront entry ${STOREFRONT_ENTRY} was not built`);
      const result = checkStorefrontChunks(chunks, entry.fileName);
      this.info(formatReport(result));
      if (result.problems.length > 0) this.error(`storefront bundle check failed:\n  ${result.problems.join('\n  ')}`);
    },
  };
}

/**
 * The landing page is static marketing: once both environments are built, the SSR module renders
 * it into a copy of the built index.html, dist/landing.html, which the server answers for `/` on
 * the product's hosts (decision 021). Readable without JavaScript; the SPA takes over when it starts.
 */
async function prerenderLanding(outDir: string): Promise<void> {
  const modulePath = pathToFileURL(join(outDir, 'ssr', 'landing-render.js')).href;
  const { prerenderLandingPage } = (await import(modulePath)) as { prerenderLandingPage: (html: string) => string | null };
  const html = prerenderLandingPage(await readFile(join(outDir, 'index.html'), 'utf8'));
  if (!html) throw new Error('dist/index.html has no empty <div id="root"></div> to prerender the landing page into');
  await writeFile(join(outDir, 'landing.html'), html);
}

/**
 * `vite build` builds two environments (the `builder` option): the browser app — the SPA
 * (index.html) plus the storefront's hydration entry — into dist/, then the storefront's
 * server-rendering module into dist/ssr/storefront-render.js, which the server imports at run time.
 */
export default defineConfig({
  plugins: [react(), tailwindcss(), storefrontBudget()],
  builder: {
    buildApp: async (builder) => {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.ssr!);
      await prerenderLanding(resolve(builder.config.root, builder.environments.client!.config.build.outDir));
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  environments: {
    client: {
      build: {
        // dist/.vite/manifest.json: the server finds the storefront entry's script and CSS in it.
        manifest: true,
        rolldownOptions: {
          input: { main: 'index.html', storefront: STOREFRONT_ENTRY, website: WEBSITE_STYLES_ENTRY },
          output: {
            // `mode-<name>-<hash>.js`: the e2e suite proves a storefront visitor never downloads dashboard code.
            // The shared chunk holding react-dom is named after it (rolldown would name it after
            // one of its small modules, e.g. `preload-helper`), so the bundle report reads plainly.
            chunkFileNames: (chunk) => {
              const mode = MODE_ROUTES.exec(chunk.facadeModuleId ?? '')?.[1];
              if (mode) return `assets/mode-${mode}-[hash].js`;
              return chunk.moduleIds.some((id) => REACT_DOM.test(id)) ? 'assets/react-dom-[hash].js' : 'assets/[name]-[hash].js';
            },
          },
        },
      },
    },
    ssr: {
      // Self-contained: React and @shopfront/core (TypeScript source) are bundled in, and React's
      // production build is used whatever NODE_ENV the server runs with.
      resolve: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        rolldownOptions: {
          input: { 'storefront-render': 'src/ssr/storefront-render.tsx', 'landing-render': 'src/ssr/landing-render.tsx' },
          output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
        },
      },
    },
  },
  server: {
    proxy: {
      '/fn': SERVER_ORIGIN,
      '/healthz': SERVER_ORIGIN,
      '/api': SERVER_ORIGIN,
    },
  },
});

/// <reference types="vitest/config" />
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import {
  checkBudget,
  DASHBOARD_FIRST_SCREEN_BUDGET_BYTES,
  DASHBOARD_MODE_ENTRY,
  filesLoaded,
  FIRST_SCREEN_STYLESHEET,
  formatBudget,
  LAZY_NOT_COUNTED,
  STOREFRONT_BUDGET_BYTES,
  uncoveredFirstScreenModules,
} from './scripts/bundle-budgets.mjs';
import { checkStorefrontChunks, STOREFRONT_ENTRY, STOREFRONT_EXTRAS } from './scripts/check-storefront-bundle.mjs';
import { brotliBytes, compressDist, type KnownBrotli } from './scripts/compress-assets.mjs';
import { firstScreenChunks } from './scripts/first-screen-chunks.mjs';

const SERVER_ORIGIN = 'http://localhost:3000';
/** Website pages' stylesheet (they ship no script): the server finds its CSS in the manifest. */
const WEBSITE_STYLES_ENTRY = 'src/modes/website/website-styles.ts';
/** Every page's utilities (src/app-styles.css): the other modes import it, the dashboard's lazy pages load it. */
const APP_STYLES_ENTRY = 'src/app-styles.ts';
const MODE_ROUTES = /[\\/]modes[\\/](\w+)[\\/]routes\.tsx$/;
const REACT_DOM = /[\\/]node_modules[\\/]react-dom[\\/]/;
/** The SPA's small shared modules in two chunks rather than a dozen (scripts/first-screen-chunks.mjs). */
const FIRST_SCREEN = firstScreenChunks({
  spaEntry: '/index.html',
  dashboardEntry: DASHBOARD_MODE_ENTRY,
  otherModeEntries: ['landing', 'members', 'storefront', 'website'].map((mode) => `src/modes/${mode}/routes.tsx`),
  visitorEntries: [STOREFRONT_ENTRY, WEBSITE_STYLES_ENTRY, ...STOREFRONT_EXTRAS.map((extra) => extra.entry)],
  storefrontEntry: STOREFRONT_ENTRY,
});

/**
 * After the client bundle is written: the storefront entry and its extras hold no dashboard code,
 * the storefront pages (with and without an extra) and /dashboard's first screen stay within their brotli budgets (scripts/bundle-budgets.mjs), and every
 * text file gets its `.br` and `.gz` (scripts/compress-assets.mjs, decision 037). Checked on the
 * real module graph and the final bytes of every client build (`writeBundle`: Vite rewrites chunks
 * until then), so `npm run build` (and `npm test`) fail on a breach. The budget check's brotli is
 * the one written: each file is compressed once.
 */
function budgetsAndCompression(): Plugin {
  return {
    name: 'shopfront:budgets-and-compression',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk'
          ? [
              {
                fileName: item.fileName,
                code: item.code,
                imports: item.imports,
                dynamicImports: item.dynamicImports,
                moduleIds: item.moduleIds,
                // Modules with code left in the chunk (a barrel that only re-exports has none).
                renderedIds: Object.entries(item.modules).flatMap(([id, module]) => (module.renderedLength > 0 ? [id] : [])),
                facade: item.facadeModuleId,
                css: [...(item.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
      const facadeFile = (suffix: string) => chunks.find((chunk) => chunk.facade?.replaceAll('\\', '/').endsWith(suffix))?.fileName;
      const storefront = facadeFile(STOREFRONT_ENTRY);
      const spa = facadeFile('/index.html');
      const dashboard = facadeFile(DASHBOARD_MODE_ENTRY);
      if (!storefront || !spa || !dashboard) return this.error(`an entry was not built (storefront: ${storefront}, SPA: ${spa}, dashboard mode: ${dashboard})`);
      const extras = STOREFRONT_EXTRAS.map((extra) => ({ ...extra, file: facadeFile(extra.entry) }));
      const unbuilt = extras.find((extra) => !extra.file);
      if (unbuilt) return this.error(`the storefront extra ${unbuilt.entry} was not built`);
      const contents = [checkStorefrontChunks(chunks, storefront), ...extras.map((extra) => checkStorefrontChunks(chunks, extra.file!, { allowFeatures: [extra.feature] }))];
      const brotliOf: KnownBrotli = new Map();
      const sizeOf = async (fileName: string) => {
        const item = bundle[fileName];
        if (!item) return { fileName, brotliBytes: 0 };
        const content = item.type === 'chunk' ? item.code : item.source;
        const bytes = typeof content === 'string' ? Buffer.from(content) : content;
        if (!brotliOf.has(fileName)) brotliOf.set(fileName, { length: bytes.length, br: brotliBytes(bytes) });
        return { fileName, brotliBytes: (await brotliOf.get(fileName)!.br).length };
      };
      const pages = await Promise.all(
        [
          { name: 'storefront page', entries: [storefront], followDynamic: true, limitBytes: STOREFRONT_BUDGET_BYTES },
          // A page with an extra: the page and the extra, shared chunks once; hls.js's lazy chunk is not counted.
          ...extras.map((extra) => ({ name: extra.page, entries: [storefront, extra.file!], followDynamic: true, notCounted: LAZY_NOT_COUNTED, limitBytes: extra.limitBytes })),
          { name: '/dashboard first screen', entries: [spa, dashboard], followDynamic: false, limitBytes: DASHBOARD_FIRST_SCREEN_BUDGET_BYTES },
        ].map(async (page) => checkBudget({ name: page.name, files: await Promise.all(filesLoaded(chunks, page.entries, page).files.map(sizeOf)), limitBytes: page.limitBytes })),
      );
      for (const page of pages) this.info(formatBudget(page));
      // Every module of the dashboard's first screen has its utilities in the first screen's stylesheet.
      const firstScreenFiles = new Set(filesLoaded(chunks, [spa, dashboard], { followDynamic: false }).files);
      const stylesheet = resolve(this.environment.config.root, FIRST_SCREEN_STYLESHEET);
      const unstyled = uncoveredFirstScreenModules(
        chunks.filter((chunk) => firstScreenFiles.has(chunk.fileName)).flatMap((chunk) => chunk.renderedIds),
        await readFile(stylesheet, 'utf8'),
        dirname(stylesheet),
      ).map((id) => `${id} is on /dashboard's first screen but not in a @source of ${FIRST_SCREEN_STYLESHEET}: its classes would have no styles`);
      const problems = [...contents.flatMap((content) => content.problems), ...pages.flatMap((page) => page.problems), ...unstyled];
      if (problems.length > 0) return this.error(`bundle check failed:\n  ${problems.join('\n  ')}`);
      if (options.dir) await compressDist(options.dir, brotliOf);
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
  // index.html links only the dashboard's first-screen utilities (src/index.css); the prerendered
  // landing page is drawn before its mode's chunk brings the rest, so its document links them too.
  const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[] }>;
  const appStyles = manifest[APP_STYLES_ENTRY];
  const appStylesFile = appStyles?.file.endsWith('.css') ? appStyles.file : appStyles?.css?.[0];
  if (!appStylesFile) throw new Error(`the manifest has no stylesheet for ${APP_STYLES_ENTRY}`);
  await writeFile(join(outDir, 'landing.html'), html.replace('</head>', `  <link rel="stylesheet" crossorigin href="/${appStylesFile}">\n  </head>`));
}

/**
 * `vite build` builds two environments (the `builder` option): the browser app — the SPA
 * (index.html) plus the storefront's hydration entry — into dist/, then the storefront's
 * server-rendering module into dist/ssr/storefront-render.js, which the server imports at run time.
 */
export default defineConfig({
  plugins: [react(), tailwindcss(), budgetsAndCompression(), FIRST_SCREEN.plugin],
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
          // Storefront extras: scripts the server adds only to the product pages that need them (src/modes/storefront/extras/).
          input: { main: 'index.html', storefront: STOREFRONT_ENTRY, website: WEBSITE_STYLES_ENTRY, ...Object.fromEntries(STOREFRONT_EXTRAS.map((extra) => [`extra-${extra.name}`, extra.entry])) },
          output: {
            codeSplitting: FIRST_SCREEN.codeSplitting,
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

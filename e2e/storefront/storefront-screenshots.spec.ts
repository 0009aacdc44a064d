import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { E2E_PORT } from '../support/hosts.ts';
import { uniqueSlug } from '../support/seed.ts';
import { contrastOf, paintPng, profile, publishStore, sampleProducts, signedInCreator, uploadImage, type CreatorApi } from './storefront-fixtures.ts';

/**
 * Both themes at phone (390 px) and desktop (1280 px) widths, for people to look at
 * (e2e/.artifacts/screenshots). Products arrive with the selling issue; until then a "design"
 * shot renders the same server module with sample products, on the real origin and assets.
 */
const WIDTHS = [390, 1280] as const;
const DIR = 'e2e/.artifacts/screenshots';
const SSR_MODULE = join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist', 'ssr', 'storefront-render.js');

interface SsrModule {
  renderStorefrontPage(data: unknown, options: { basePath: string }): { html: string; head: string };
}

const AVATAR_CSS =
  'background: radial-gradient(circle at 50% 37%, #ffd9b8 0 17%, transparent 17.5%),' +
  ' radial-gradient(ellipse 36% 30% at 50% 24%, #2a1436 0 99%, transparent 100%),' +
  ' radial-gradient(ellipse 46% 40% at 50% 100%, #2a1436 0 99%, transparent 100%),' +
  ' linear-gradient(140deg, #ff2bd6, #7a5cff 55%, #4df3ff);';
const COVERS = [
  'background: radial-gradient(circle at 50% 62%, #f4e9dc 0 26%, transparent 27%), radial-gradient(circle at 72% 58%, transparent 0 9%, #f4e9dc 9.5% 13%, transparent 13.5%), linear-gradient(160deg, #c89b6d, #7a4e31);',
  'background: repeating-linear-gradient(90deg, #1b3a4b 0 28px, #22495e 28px 56px); box-shadow: inset 0 0 0 36px #f2e6d8;',
  'background: conic-gradient(from 200deg at 50% 55%, #6f4e37, #d9a86c, #f6ead8, #8b5a3c, #6f4e37);',
];

const creators: CreatorApi[] = [];
const stores: Record<'mocha-mood' | 'neon-pulse', { slug: string; covers: string[] }> = {
  'mocha-mood': { slug: '', covers: [] },
  'neon-pulse': { slug: '', covers: [] },
};

test.beforeAll(async ({ browser }) => {
  const request = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  for (const theme of ['mocha-mood', 'neon-pulse'] as const) {
    // One store per creator: the free plan's limit (spec §6).
    const creator = await signedInCreator(request, theme);
    creators.push(creator);
    const slug = uniqueSlug(theme);
    await publishStore(creator, slug, async (storeId) => {
      for (const css of COVERS) stores[theme].covers.push(await uploadImage(creator, storeId, await paintPng(browser, css)));
      const avatarUrl = theme === 'neon-pulse' ? await uploadImage(creator, storeId, await paintPng(browser, AVATAR_CSS, { width: 320, height: 320 })) : null;
      return theme === 'neon-pulse'
        ? profile({ theme, avatarUrl, name: 'Nova Beats', description: 'Synthwave producer & sample-pack maker.\nNew drops every Friday night.' })
        : profile({ theme });
    });
    stores[theme].slug = slug;
  }
  await request.dispose();
});
test.afterAll(() => Promise.all(creators.map((creator) => creator.api.dispose())));

async function shoot(page: Page, name: string, open: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await open();
    await page.screenshot({ path: `${DIR}/${name}-${width}.png`, fullPage: true });
  }
}

for (const theme of ['mocha-mood', 'neon-pulse'] as const) {
  test(`${theme}: the published store at phone and desktop widths`, async ({ page }) => {
    await shoot(page, `storefront-${theme}`, async () => {
      await page.goto(`/${stores[theme].slug}`);
      await expect(page.locator('#storefront-root')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.locator('.sf-root')).toHaveAttribute('data-theme', theme);
    });
    // WCAG AA as painted: link buttons, the name and the bio on the header card.
    expect(await contrastOf(page, '.sf-link-title', '.sf-link')).toBeGreaterThanOrEqual(4.5);
    expect(await contrastOf(page, '.sf-name', '.sf-profile')).toBeGreaterThanOrEqual(4.5);
    expect(await contrastOf(page, '.sf-bio', '.sf-profile')).toBeGreaterThanOrEqual(4.5);
  });

  test(`${theme}: product cards (design preview with sample products)`, async ({ page }) => {
    const { slug, covers } = stores[theme];
    const ssr = (await import(pathToFileURL(SSR_MODULE).href)) as SsrModule;
    const shell = await (await page.request.get(`/${slug}`)).text();
    const data = await (await page.request.get(`/api/storefront?slug=${slug}`)).json();
    const rendered = ssr.renderStorefrontPage({ ...data, products: sampleProducts(covers) }, { basePath: `/${slug}` });
    const html = shell.replace(/<body>[\s\S]*<\/body>/, () => `<body>${rendered.html}</body>`);
    await page.route(`**/${slug}/design-preview`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));

    await shoot(page, `storefront-${theme}-products`, async () => {
      await page.goto(`/${slug}/design-preview`);
      await expect(page.locator('#storefront-root')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.getByRole('heading', { level: 3, name: 'Speckled Morning Mug' })).toBeVisible();
    });
    expect(errors).toEqual([]);
  });
}

test('Store Not Found at phone and desktop widths', async ({ page }) => {
  await shoot(page, 'storefront-not-found', async () => {
    const response = await page.goto(`/${uniqueSlug('missing')}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Store Not Found' })).toBeVisible();
  });
});

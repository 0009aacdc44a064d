import { expect, request as playwrightRequest, test } from '@playwright/test';
import { E2E_PORT } from '../support/hosts.ts';
import { uniqueSlug } from '../support/seed.ts';
import { contrastOf, createSampleProducts, paintPng, profile, publishStore, uploadCover, uploadImage } from './storefront-fixtures.ts';
import { signedInCreator, type CreatorApi } from '../support/creators.ts';
import { shootAtBothWidths } from '../support/layout.ts';

/**
 * Both themes at phone (390 px) and desktop (1280 px) widths, for people to look at
 * (e2e/.artifacts/screenshots): the landing, with real products (covers, a sale, pay what you want,
 * a freebie and a link), and a product page with its checkout form. Each page is opened on a phone,
 * then resized to a desktop.
 */

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
const stores: Record<'mocha-mood' | 'neon-pulse', { slug: string; products: string[] }> = {
  'mocha-mood': { slug: '', products: [] },
  'neon-pulse': { slug: '', products: [] },
};

test.beforeAll(async ({ browser }) => {
  const request = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  for (const theme of ['mocha-mood', 'neon-pulse'] as const) {
    // One store per creator: the free plan's limit (spec §6).
    const creator = await signedInCreator(request, theme);
    creators.push(creator);
    const slug = uniqueSlug(theme);
    let productIds: string[] = [];
    const store = await publishStore(creator, slug, async (storeId) => {
      const covers: string[] = [];
      for (const css of COVERS) covers.push(await uploadCover(creator, storeId, await paintPng(browser, css)));
      const made = await createSampleProducts(creator, storeId, covers);
      stores[theme].products = made.slugs;
      productIds = made.ids;
      const avatarUrl = theme === 'neon-pulse' ? await uploadImage(creator, storeId, await paintPng(browser, AVATAR_CSS, { width: 320, height: 320 })) : null;
      return theme === 'neon-pulse'
        ? profile({ theme, avatarUrl, name: 'Nova Beats', description: 'Synthwave producer & sample-pack maker.\nNew drops every Friday night.' })
        : profile({ theme });
    });
    await creator.call('reorderProducts', { storeId: store.id, productIds });
    stores[theme].slug = slug;
  }
  await request.dispose();
});
test.afterAll(() => Promise.all(creators.map((creator) => creator.api.dispose())));


for (const theme of ['mocha-mood', 'neon-pulse'] as const) {
  test(`${theme}: the published store at phone and desktop widths`, async ({ page }) => {
    await shootAtBothWidths(page, `storefront-${theme}`, async () => {
      await page.goto(`/${stores[theme].slug}`);
      await expect(page.locator('#storefront-root')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.locator('.sf-root')).toHaveAttribute('data-theme', theme);
      return page.locator('.sf-name');
    });
    // WCAG AA as painted: link buttons, the name and the bio on the header card.
    expect(await contrastOf(page, '.sf-link-title', '.sf-link')).toBeGreaterThanOrEqual(4.5);
    expect(await contrastOf(page, '.sf-name', '.sf-profile')).toBeGreaterThanOrEqual(4.5);
    expect(await contrastOf(page, '.sf-bio', '.sf-profile')).toBeGreaterThanOrEqual(4.5);
  });

  test(`${theme}: a product page with its checkout form`, async ({ page }) => {
    const { slug, products } = stores[theme];
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    await shootAtBothWidths(page, `storefront-${theme}-product`, async () => {
      await page.goto(`/${slug}/p/${products[0]}`);
      await expect(page.locator('#storefront-root')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.getByRole('heading', { level: 1, name: 'Speckled Morning Mug' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Buy now' })).toBeEnabled();
      return page.getByRole('button', { name: 'Buy now' });
    });
    await shootAtBothWidths(page, `storefront-${theme}-pay-what-you-want`, async () => {
      await page.goto(`/${slug}/p/${products[2]}`);
      return page.getByLabel(/Pay what you want/);
    });
    expect(errors).toEqual([]);
  });
}

test('Store Not Found at phone and desktop widths', async ({ page }) => {
  await shootAtBothWidths(page, 'storefront-not-found', async () => {
    const response = await page.goto(`/${uniqueSlug('missing')}`);
    expect(response?.status()).toBe(404);
    return page.getByRole('heading', { name: 'Store Not Found' });
  });
});

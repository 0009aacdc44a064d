import { expect, request as playwrightRequest, test } from '@playwright/test';
import { recordScripts } from '../support/chunks.ts';
import { E2E_PORT } from '../support/hosts.ts';
import { uniqueSlug } from '../support/seed.ts';
import { profile, publishStore } from './storefront-fixtures.ts';
import { signedInCreator, type CreatorApi } from '../support/creators.ts';

let creator: CreatorApi;
let slug: string;
let storeId: string;

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  creator = await signedInCreator(request, 'ssr');
  slug = uniqueSlug('juniper');
  storeId = (await publishStore(creator, slug, () => profile({}))).id;
  await request.dispose();
});
test.afterAll(() => creator?.api.dispose());

test.describe('the server-rendered storefront', () => {
  test('shows the name, bio and links with JavaScript disabled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Juniper Clay Studio' })).toBeVisible();
    await expect(page.getByText('Small-batch ceramics from a sunny garage in Portland.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Shop the spring glaze drop/ })).toHaveAttribute('href', 'https://example.com/drop');
    await expect(page.getByRole('link', { name: 'Instagram' })).toBeVisible();
    await expect(page.getByText('Not for visitors')).toHaveCount(0);
    await expect(page).toHaveTitle('Juniper Clay Studio');
    await context.close();
  });

  test('hydrates without console errors and loads only the storefront bundle', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    const scripts = recordScripts(page);

    await page.goto(`/${slug}`);
    await expect(page.locator('#storefront-root')).toHaveAttribute('data-hydrated', 'true');
    await page.waitForLoadState('networkidle');

    expect(problems).toEqual([]);
    expect(scripts.some((name) => name.startsWith('storefront-'))).toBe(true);
    expect(scripts.filter((name) => name.startsWith('mode-') || name.startsWith('main-') || name.includes('dashboard'))).toEqual([]);
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'storefront');
  });

  test('the members link leads to the store members area', async ({ page }) => {
    await page.goto(`/${slug}`);
    await page.getByRole('link', { name: 'Member sign in' }).click();
    await expect(page).toHaveURL(`/${slug}/members/login`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'members');
  });

  test('?preview=true shows the draft to its owner only', async ({ browser, page }) => {
    await creator.call('saveStoreDraft', { storeId, profile: profile({ name: 'Juniper (unpublished)', theme: 'neon-pulse' }) });

    await page.goto(`/${slug}?preview=true`);
    await expect(page.getByRole('heading', { level: 1, name: 'Juniper Clay Studio' })).toBeVisible();
    await expect(page.getByText('Preview — not published')).toHaveCount(0);

    const owner = await browser.newContext({ storageState: await creator.api.storageState() });
    const ownerPage = await owner.newPage();
    await ownerPage.goto(`/${slug}?preview=true`);
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Juniper (unpublished)' })).toBeVisible();
    await expect(ownerPage.getByText('Preview — not published')).toBeVisible();
    await expect(ownerPage.locator('.sf-root')).toHaveAttribute('data-theme', 'neon-pulse');
    await ownerPage.goto(`/${slug}`);
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Juniper Clay Studio' })).toBeVisible();
    await owner.close();
    await creator.call('discardStoreDraft', { storeId });
  });

  test('an unknown store answers Store Not Found with status 404', async ({ page }) => {
    const response = await page.goto(`/${uniqueSlug('nobody')}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Store Not Found' })).toBeVisible();
  });
});

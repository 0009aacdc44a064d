import { expect, test } from '@playwright/test';
import { recordScripts } from '../support/chunks.ts';
import { seedStore, uniqueSlug } from '../support/seed.ts';

test.describe('storefront mode by slug', () => {
  test('a store slug shows the storefront with the store name and loads no dashboard code', async ({ page, request }) => {
    const store = await seedStore(request, { slug: uniqueSlug('mugs'), name: 'Cozy Mugs Co.' });
    const scripts = recordScripts(page);

    await page.goto(`/${store.slug}`);

    await expect(page.getByRole('heading', { level: 1, name: 'Cozy Mugs Co.' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'storefront');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((name) => name.startsWith('mode-storefront-'))).toBe(true);
    expect(scripts.filter((name) => name.startsWith('mode-') && !name.startsWith('mode-storefront-'))).toEqual([]);
    expect(scripts.filter((name) => name.includes('dashboard'))).toEqual([]);
  });

  test('?preview=true marks the page as a preview', async ({ page, request }) => {
    const store = await seedStore(request, { slug: uniqueSlug('preview'), name: 'Preview Shop' });
    await page.goto(`/${store.slug}?preview=true`);
    await expect(page.getByText("Preview — you're seeing unpublished changes.")).toBeVisible();
  });

  test('a stale page chunk asks the visitor to refresh', async ({ page, request }) => {
    const store = await seedStore(request, { slug: uniqueSlug('stale'), name: 'Stale Shop' });
    await page.route('**/assets/mode-storefront-*.js', (route) => route.abort());
    await page.goto(`/${store.slug}`);
    await expect(page.getByRole('heading', { name: 'A new version is available' })).toBeVisible();
    await page.unroute('**/assets/mode-storefront-*.js');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Stale Shop' })).toBeVisible();
  });

  test('the store links to its members area, which asks the customer to sign in', async ({ page, request }) => {
    const store = await seedStore(request, { slug: uniqueSlug('members'), name: 'Members Shop' });
    await page.goto(`/${store.slug}`);
    await page.getByRole('link', { name: 'Member sign in' }).click();
    await expect(page).toHaveURL(`/${store.slug}/members/login`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'members');
  });
});

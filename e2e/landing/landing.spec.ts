import { expect, test } from '@playwright/test';
import { seedStore, uniqueSlug } from '../support/seed.ts';

test.describe('landing mode', () => {
  test('/ on the product host is the landing page, and Sign in opens the dashboard login', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /your store, your website/i })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'landing');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'dashboard');
  });

  test('unknown landing paths redirect to /', async ({ page }) => {
    await page.goto('/website');
    await expect(page).toHaveURL('/');
  });

  test('/website/{slug} previews the store website; an unknown slug shows Website Not Found', async ({ page, request }) => {
    const store = await seedStore(request, { slug: uniqueSlug('site'), name: 'Preview Website' });
    await page.goto(`/website/${store.slug}`);
    await expect(page.getByText('Preview · home')).toBeVisible();
    await page.goto('/website/ghost-e2e/about');
    await expect(page.getByRole('heading', { name: 'Website Not Found' })).toBeVisible();
    await expect(page.getByText('ghost-e2e', { exact: true })).toBeVisible();
  });
});

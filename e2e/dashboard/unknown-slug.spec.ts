import { expect, test } from '@playwright/test';

test.describe('unknown store slugs', () => {
  test('an unknown slug shows Store Not Found', async ({ page }) => {
    await page.goto('/no-such-store');
    await expect(page.getByRole('heading', { name: 'Store Not Found' })).toBeVisible();
    await expect(page).toHaveURL('/no-such-store');
  });

  test('an unknown slug website shows Website Not Found with the slug', async ({ page }) => {
    await page.goto('/no-such-store/website/about');
    await expect(page.getByRole('heading', { name: 'Website Not Found' })).toBeVisible();
    await expect(page.getByText('no-such-store', { exact: true })).toBeVisible();
  });

  test('a path that is no slug still redirects to /dashboard and /login', async ({ page }) => {
    await page.goto('/not_a_slug');
    await expect(page).toHaveURL('/login?origin=%2Fdashboard');
  });
});

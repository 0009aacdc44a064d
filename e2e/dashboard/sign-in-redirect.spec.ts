import { expect, test } from '@playwright/test';
import { E2E_HOSTS, urlOn } from '../support/hosts.ts';

test.describe('dashboard mode redirects', () => {
  test('/dashboard/products without sign-in goes to /login remembering the origin', async ({ page }) => {
    await page.goto('/dashboard/products');
    await expect(page).toHaveURL('/login?origin=%2Fdashboard%2Fproducts');
    await expect(page.getByRole('heading', { name: 'Sign in to your store' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'dashboard');
  });

  test('unknown /dashboard paths go to /dashboard, then to /login', async ({ page }) => {
    await page.goto('/dashboard/no-such-section');
    await expect(page).toHaveURL('/login?origin=%2Fdashboard');
  });

  test('/ in dashboard mode (a host with no store) goes to /dashboard, then to /login', async ({ page }) => {
    await page.goto(urlOn(E2E_HOSTS.unknownDomain, '/'));
    await expect(page).toHaveURL(urlOn(E2E_HOSTS.unknownDomain, '/login?origin=%2Fdashboard'));
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'dashboard');
  });

  test('the login form checks its fields with the spec messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('secret');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  });

  test('login links to password reset and sign up inside the dashboard', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/password-reset');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  });
});

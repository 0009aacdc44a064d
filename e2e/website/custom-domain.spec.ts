import { expect, test } from '@playwright/test';
import { recordScripts } from '../support/chunks.ts';
import { E2E_HOSTS, urlOn } from '../support/hosts.ts';
import { seedStore, seedStoreOnDomain, uniqueSlug } from '../support/seed.ts';

test.describe('custom domains', () => {
  // Decision 014: until the website builder gives a store website pages, its domain shows the storefront.
  test('a custom-domain Host shows the server-rendered storefront', async ({ page, request }) => {
    const store = await seedStoreOnDomain(request, { name: 'Domain Goods', customDomain: E2E_HOSTS.customDomain });
    const scripts = recordScripts(page);

    await page.goto(urlOn(E2E_HOSTS.customDomain, '/'));

    await expect(page.getByRole('heading', { level: 1, name: store.name })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'storefront');
    await expect(page.locator('#storefront-root')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `https://${E2E_HOSTS.customDomain}/`);
    expect(scripts.filter((name) => name.includes('dashboard'))).toEqual([]);
  });

  test('the www host of a custom domain shows the same storefront', async ({ page, request }) => {
    const store = await seedStoreOnDomain(request, { name: 'Domain Goods', customDomain: E2E_HOSTS.customDomain });
    await page.goto(urlOn(`www.${E2E_HOSTS.customDomain}`, '/'));
    await expect(page.getByRole('heading', { level: 1, name: store.name })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'storefront');
  });

  test('/members on a custom domain shows the members login, linked back to the store', async ({ page, request }) => {
    const store = await seedStoreOnDomain(request, { name: 'Domain Goods', customDomain: E2E_HOSTS.customDomain });
    await page.goto(urlOn(E2E_HOSTS.customDomain, '/members'));
    await expect(page).toHaveURL(urlOn(E2E_HOSTS.customDomain, '/members/login?origin=%2F'));
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'members');
    // The sign-up link keeps where the customer was going (here the members home).
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(urlOn(E2E_HOSTS.customDomain, '/members/signup?origin=%2F'));
    await page.getByRole('link', { name: `Back to ${store.name}` }).click();
    await expect(page).toHaveURL(urlOn(E2E_HOSTS.customDomain, '/'));
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'storefront');
  });

  test('a bio subdomain shows the storefront', async ({ page, request }) => {
    const bioHost = `ada.${E2E_HOSTS.bioParent}`;
    const store = await seedStoreOnDomain(request, { name: 'Ada Bio Shop', bioDomain: bioHost });
    await page.goto(urlOn(bioHost, '/'));
    await expect(page.getByRole('heading', { level: 1, name: store.name })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'storefront');
  });

  test('/{slug}/website of a store without a published page is Website Not Found, in website mode', async ({ page, request }) => {
    const store = await seedStore(request, { slug: uniqueSlug('web'), name: 'Slug Website' });
    const response = await page.goto(`/${store.slug}/website/about`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Website Not Found' })).toBeVisible();
    await expect(page.getByText(store.slug, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Slug Website' })).toHaveCount(0);
  });
});

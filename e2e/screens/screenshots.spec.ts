import { test, type Page } from '@playwright/test';
import { E2E_HOSTS, urlOn } from '../support/hosts.ts';
import { shootAtBothWidths } from '../support/layout.ts';
import { seedStore, seedStoreOnDomain, uniqueSlug } from '../support/seed.ts';

// The identity and store screens at phone and desktop widths, for people to look at
// (e2e/.artifacts/screenshots, gitignored, with SCREENSHOTS=1): each asserted at both widths.

async function asDevelopment(page: Page) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace('"environment":"test"', '"environment":"development"');
    return route.fulfill({ response, body });
  });
}

test.describe('screenshots', () => {
  test('landing, auth and status screens', async ({ page }) => {
    await shootAtBothWidths(page, 'landing', async () => {
      await page.goto('/');
      return page.getByRole('heading', { level: 1 });
    });
    await shootAtBothWidths(page, 'login-errors', async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).click();
      return page.getByText('Password is required');
    });
    await shootAtBothWidths(page, 'signup', async () => {
      await page.goto('/signup');
      return page.getByRole('heading', { name: 'Create your store' });
    });
    await shootAtBothWidths(page, 'password-reset', async () => {
      await page.goto('/password-reset');
      return page.getByRole('heading', { name: 'Reset your password' });
    });
    await shootAtBothWidths(page, 'store-not-found', async () => {
      await page.goto('/no-such-store');
      return page.getByRole('heading', { name: 'Store Not Found' });
    });
    await shootAtBothWidths(page, 'website-not-found', async () => {
      await page.goto('/no-such-store/website');
      return page.getByRole('heading', { name: 'Website Not Found' });
    });
  });

  test('maintenance, emulator banner, error and stale-chunk screens', async ({ page }) => {
    await page.route('**/fn/getPlatformStatus', (route) =>
      route.fulfill({
        json: {
          result: {
            maintenanceMode: true,
            maintenanceMessage: 'We are upgrading our servers and will be back within the hour.',
            allowSignups: false,
            signupsOpen: false,
            featureFlags: { websiteBuilder: false, affiliateProgram: true, advancedAnalytics: false, multiStore: true, customDomains: false },
          },
        },
      }),
    );
    await shootAtBothWidths(page, 'maintenance', async () => {
      await page.goto('/signup');
      return page.getByRole('button', { name: 'Check Again' });
    });
    await asDevelopment(page);
    await shootAtBothWidths(page, 'emulator-banner', async () => {
      await page.goto('/login');
      return page.getByText('Running in emulator mode', { exact: false });
    });
    await page.unrouteAll({ behavior: 'wait' });
    await page.route('**/assets/mode-landing-*.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: "throw new Error('boom');" }),
    );
    await shootAtBothWidths(page, 'error-boundary', async () => {
      await page.goto('/');
      return page.getByRole('heading', { name: 'Something went wrong' });
    });
    await page.unrouteAll({ behavior: 'wait' });
    await page.route('**/assets/mode-landing-*.js', (route) => route.abort());
    await shootAtBothWidths(page, 'stale-chunk', async () => {
      await page.goto('/');
      return page.getByRole('heading', { name: 'A new version is available' });
    });
  });

  test('store, website and members screens', async ({ page, request }) => {
    const store = await seedStore(request, { slug: uniqueSlug('shot'), name: 'Mocha & Pixels' });
    await shootAtBothWidths(page, 'storefront', async () => {
      await page.goto(`/${store.slug}`);
      return page.getByRole('heading', { level: 1, name: 'Mocha & Pixels' });
    });
    await shootAtBothWidths(page, 'storefront-preview', async () => {
      await page.goto(`/${store.slug}?preview=true`);
      return page.getByRole('heading', { level: 1, name: 'Mocha & Pixels' });
    });
    // A store without a published page: the preview says so, with the slug (sites: e2e/website).
    await shootAtBothWidths(page, 'website-preview-not-found', async () => {
      await page.goto(`/website/${store.slug}/about`);
      return page.getByRole('heading', { name: 'Website Not Found' });
    });
    await shootAtBothWidths(page, 'members-login', async () => {
      await page.goto(`/${store.slug}/members/login`);
      return page.getByRole('heading', { name: 'Sign in' });
    });
    await shootAtBothWidths(page, 'members-signup', async () => {
      await page.goto(`/${store.slug}/members/signup`);
      return page.getByRole('heading', { name: 'Create your account' });
    });
    const domainStore = await seedStoreOnDomain(request, { name: 'Domain Goods', customDomain: E2E_HOSTS.customDomain });
    await shootAtBothWidths(page, 'storefront-custom-domain', async () => {
      await page.goto(urlOn(E2E_HOSTS.customDomain, '/'));
      return page.getByRole('heading', { level: 1, name: domainStore.name });
    });
  });
});

import { expect, test, type Page } from '@playwright/test';
import { E2E_HOSTS, urlOn } from '../support/hosts.ts';
import { seedStore, seedStoreOnDomain, uniqueSlug } from '../support/seed.ts';

/**
 * Screenshots of every issue-2 screen at phone and desktop widths, for people to look at
 * (e2e/.artifacts/screenshots, gitignored). Each shot also asserts the screen rendered.
 */
const WIDTHS = [390, 1280] as const;
const DIR = 'e2e/.artifacts/screenshots';

async function shoot(page: Page, name: string, open: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await open();
    await page.screenshot({ path: `${DIR}/${name}-${width}.png`, fullPage: true });
  }
}

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
    await shoot(page, 'landing', async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
    await shoot(page, 'login-errors', async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Password is required')).toBeVisible();
    });
    await shoot(page, 'signup', async () => {
      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'Create your store' })).toBeVisible();
    });
    await shoot(page, 'password-reset', async () => {
      await page.goto('/password-reset');
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    });
    await shoot(page, 'store-not-found', async () => {
      await page.goto('/no-such-store');
      await expect(page.getByRole('heading', { name: 'Store Not Found' })).toBeVisible();
    });
    await shoot(page, 'website-not-found', async () => {
      await page.goto('/no-such-store/website');
      await expect(page.getByRole('heading', { name: 'Website Not Found' })).toBeVisible();
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
    await shoot(page, 'maintenance', async () => {
      await page.goto('/signup');
      await expect(page.getByRole('button', { name: 'Check Again' })).toBeVisible();
    });
    await asDevelopment(page);
    await shoot(page, 'emulator-banner', async () => {
      await page.goto('/login');
      await expect(page.getByText('Running in emulator mode', { exact: false })).toBeVisible();
    });
    await page.unrouteAll({ behavior: 'wait' });
    await page.route('**/assets/mode-landing-*.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: "throw new Error('boom');" }),
    );
    await shoot(page, 'error-boundary', async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    });
    await page.unrouteAll({ behavior: 'wait' });
    await page.route('**/assets/mode-landing-*.js', (route) => route.abort());
    await shoot(page, 'stale-chunk', async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'A new version is available' })).toBeVisible();
    });
  });

  test('store, website and members screens', async ({ page, request }) => {
    const store = await seedStore(request, { slug: uniqueSlug('shot'), name: 'Mocha & Pixels' });
    await shoot(page, 'storefront', async () => {
      await page.goto(`/${store.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Mocha & Pixels' })).toBeVisible();
    });
    await shoot(page, 'storefront-preview', async () => {
      await page.goto(`/${store.slug}?preview=true`);
      await expect(page.getByRole('heading', { level: 1, name: 'Mocha & Pixels' })).toBeVisible();
    });
    // A store without a published page: the preview says so, with the slug (sites: e2e/website).
    await shoot(page, 'website-preview-not-found', async () => {
      await page.goto(`/website/${store.slug}/about`);
      await expect(page.getByRole('heading', { name: 'Website Not Found' })).toBeVisible();
    });
    await shoot(page, 'members-login', async () => {
      await page.goto(`/${store.slug}/members/login`);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    });
    await shoot(page, 'members-signup', async () => {
      await page.goto(`/${store.slug}/members/signup`);
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    });
    const domainStore = await seedStoreOnDomain(request, { name: 'Domain Goods', customDomain: E2E_HOSTS.customDomain });
    await shoot(page, 'storefront-custom-domain', async () => {
      await page.goto(urlOn(E2E_HOSTS.customDomain, '/'));
      await expect(page.getByRole('heading', { level: 1, name: domainStore.name })).toBeVisible();
    });
  });
});

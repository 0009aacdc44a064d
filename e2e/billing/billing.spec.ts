import { expect, test, type Locator, type Page } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/layout.ts';
import { saveScreenshot } from '../support/screens.ts';

/**
 * Plans and billing with the built-in test provider: a creator on free hits the store limit,
 * follows the link to billing, upgrades to Creator with the test card, creates a second and a
 * third store; then downgrades to free, chooses the store that stays published, and the other two
 * answer the offline page (not a 404). On a desktop; each billing screen is also checked (and
 * photographed) at 390 px.
 */
const switcher = (page: Page) => page.getByRole('button', { name: /Switch store$/ });

async function createStore(page: Page, name: string): Promise<void> {
  await switcher(page).click();
  await page.getByRole('menuitem', { name: 'Create another store' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create another store' });
  await dialog.getByLabel('Store name').fill(name);
  await expect(dialog.getByText('This store URL is available')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create store' }).click();
  await expect(dialog).toBeHidden();
  await expect(switcher(page)).toHaveAccessibleName(`Store: ${name}. Switch store`);
}

/** The creator's stores as the billing page has them (asked from inside the page: its cookie and Origin). */
async function myStores(page: Page): Promise<{ id: string; name: string; slug: string; offlineReason: string | null }[]> {
  return page.evaluate(async () => {
    const response = await fetch('/fn/getBilling', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{"data":{}}' });
    return ((await response.json()) as { result: { stores: { id: string; name: string; slug: string; offlineReason: string | null }[] } }).result.stores;
  });
}

/** The screen at 1280 px, then checked at 390 px; a dialog is photographed as the viewport shows it (a full page would stretch its overlay). */
async function billingShots(page: Page, name: string, mustSee: Locator[], options: { fullPage?: boolean } = {}): Promise<void> {
  const fullPage = options.fullPage ?? true;
  await saveScreenshot(page, `${name}-${DESKTOP.width}.png`, { fullPage });
  await expectLayoutAt(page, PHONE, mustSee, fullPage ? name : (at) => saveScreenshot(at, `${name}-${PHONE.width}.png`));
}

test('free → store limit → upgrade with the test card → three stores → downgrade keeps the chosen one', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const creator = await createStoreOwner(request, 'billing');
  const context = await signedInContext(browser, creator, { viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/dashboard');
  const suffix = Date.now().toString(36).slice(-5);

  // 5. At the limit, the dialog names the plan that allows more and links to billing.
  await switcher(page).click();
  await page.getByRole('menuitem', { name: 'Create another store' }).click();
  const limit = page.getByRole('dialog', { name: 'Create another store' });
  await expect(limit.getByText('Your Free plan includes 1 store. The Creator plan allows 3 stores.')).toBeVisible();
  await limit.getByRole('link', { name: 'Upgrade to Creator' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/billing$/);
  await expect(page.getByRole('heading', { name: 'Current plan: Free' })).toBeVisible();
  await billingShots(page, 'billing-free', [page.getByRole('heading', { name: 'Current plan: Free' }), page.getByRole('button', { name: 'Choose Creator' })]);

  await page.getByRole('button', { name: 'Choose Creator' }).click();
  await expect(page).toHaveURL(/\/api\/billing\/test\/tbs_/);
  await expect(page.getByText('Creator plan, billed monthly')).toBeVisible();
  await billingShots(page, 'billing-test-checkout', [page.getByText('Creator plan, billed monthly'), page.getByRole('button', { name: /^Pay / })]);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Maya Rivers');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/billing\?checkout=done$/);
  await expect(page.getByRole('heading', { name: 'Current plan: Creator' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Download invoice TEST-/ })).toBeVisible();
  await billingShots(page, 'billing-creator', [page.getByRole('heading', { name: 'Current plan: Creator' }), page.getByRole('link', { name: /^Download invoice TEST-/ })]);

  await createStore(page, `Second Shelf ${suffix}`);
  await createStore(page, `Third Shelf ${suffix}`);
  const stores = await myStores(page);
  expect(stores).toHaveLength(3);

  // A failed renewal (the test portal) starts the grace period the page announces.
  await page.goto('/dashboard/settings/billing');
  await page.getByRole('button', { name: 'Manage card and cancellation' }).click();
  await expect(page).toHaveURL(/\/api\/billing\/test-portal$/);
  await page.getByRole('button', { name: 'Simulate a failed renewal payment' }).click();
  await expect(page.getByText('Payment failed')).toBeVisible();
  await page.getByRole('link', { name: 'Back to billing' }).click();
  await expect(page.getByText(/Payment failed — your Creator plan stays until .+, then drops to free\./)).toBeVisible();
  await billingShots(page, 'billing-grace', [page.getByText(/Payment failed — your Creator plan stays until/), page.getByRole('button', { name: 'Downgrade to Free' })]);

  // 6. Downgrade to free: the creator keeps the second store published.
  await page.getByRole('button', { name: 'Downgrade to Free' }).click();
  const chooser = page.getByRole('dialog', { name: 'Downgrade to Free' });
  await expect(chooser.getByText('Keep 1 store published (1 of 1 chosen)')).toBeVisible();
  await billingShots(page, 'billing-downgrade-chooser', [chooser.getByRole('button', { name: 'Downgrade' })], { fullPage: false });
  const [first, second, third] = stores;
  await chooser.getByRole('checkbox', { name: new RegExp(first!.name) }).uncheck();
  await chooser.getByRole('checkbox', { name: new RegExp(second!.name) }).check();
  await chooser.getByRole('button', { name: 'Downgrade' }).click();
  await expect(chooser).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Current plan: Free' })).toBeVisible();
  await expect(page.getByText(`so ${first!.name}, ${third!.name} are offline`)).toBeVisible();
  await billingShots(page, 'billing-after-downgrade', [page.getByRole('heading', { name: 'Current plan: Free' })]);

  const states = await myStores(page);
  expect(states.map((store) => store.offlineReason)).toEqual(['plan-limit', null, 'plan-limit']);
  const kept = await request.get(`/${second!.slug}`);
  expect(kept.status()).toBe(200);
  for (const store of [first!, third!]) {
    const answer = await request.get(`/${store.slug}`);
    expect(answer.status()).not.toBe(404);
    expect(answer.status()).toBe(503);
    expect(await answer.text()).toContain('This store is offline');
  }
  expect(creator.slug).toBe(first!.slug);
  await context.close();
  await creator.api.dispose();
});

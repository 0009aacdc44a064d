import { expect, test, type Page } from '@playwright/test';
import { signedInContext, signedInCreator } from '../support/creators.ts';
import { DESKTOP, expectLayoutAt, expectNoSidewaysScroll, PHONE } from '../support/layout.ts';
import { saveScreenshot, SCREENSHOTS, shot } from '../support/screens.ts';

/** A 1×1 PNG: the server checks the bytes, not the name. */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** What the viewport shows (menus and dialogs float over it, so a full-page shot misplaces them). */
async function viewShot(page: Page, name: string) {
  await saveScreenshot(page, `${name}-${page.viewportSize()?.width ?? 0}.png`);
}

/**
 * The dashboard's store screens on a desktop, each also checked at 390 px, one screenshot per state,
 * walking a creator with no store through creating one, the switcher, the builder (two tabs on a
 * phone), domains and deletion.
 */
test('store screens: empty state, switcher, builder, domains, delete', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // A creator without a store, signed in through the API (the sign-in screens are identity.spec.ts's).
  const creator = await signedInCreator(request, 'screens');
  const context = await signedInContext(browser, creator, { viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/dashboard');

  // No store yet: the home page offers to create one.
  const empty = page.getByRole('region', { name: 'Create your store' });
  await expect(empty).toBeVisible();
  const storeName = `Fern & Fable ${Date.now().toString(36).slice(-5)}`;
  await empty.getByLabel('Store name').fill(storeName);
  await expect(empty.getByText('This store URL is available')).toBeVisible();
  const slug = ((await empty.getByTestId('store-url-slug').textContent()) ?? '').trim();
  await shot(page, 'store-dashboard-empty');
  await expectLayoutAt(page, PHONE, [empty.getByLabel('Store name'), empty.getByRole('button', { name: 'Create store' })], 'store-dashboard-empty');
  await empty.getByRole('button', { name: 'Create store' }).click();
  await expect(page.getByRole('heading', { name: storeName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'At a glance' }).locator('dd')).toHaveText(['0', '0', '0', '0']);
  await shot(page, 'store-dashboard-home');
  await expectLayoutAt(page, PHONE, [page.getByRole('heading', { name: storeName }), page.getByRole('button', { name: /Switch store$/ })], 'store-dashboard-home');

  // The switcher and the create-store dialog.
  await page.getByRole('button', { name: /Switch store$/ }).click();
  await expect(page.getByRole('menu', { name: 'Your stores' })).toBeVisible();
  await viewShot(page, 'store-switcher-open');
  await page.getByRole('menuitem', { name: 'Create another store' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create another store' });
  // The Free plan holds one store: the dialog says so up front instead of showing the form.
  await expect(dialog.getByText('Your Free plan includes 1 store. The Creator plan allows 3 stores.')).toBeVisible();
  await expect(dialog.getByLabel('Store name')).toHaveCount(0);
  await viewShot(page, 'store-create-dialog-limit');
  await expectLayoutAt(page, PHONE, [dialog.getByText('Your Free plan includes 1 store.', { exact: false })], (at) => viewShot(at, 'store-create-dialog-limit'));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The builder, with a link, a social link and a low-contrast colour to show the warning.
  await page.goto('/dashboard/store-builder');
  await page.getByRole('button', { name: '+ Add link' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Join the newsletter');
  await page.getByLabel('Address', { exact: true }).fill('https://example.com/newsletter');
  await page.getByRole('button', { name: '+ Add social link' }).click();
  await page.getByLabel('Instagram address').fill('https://instagram.com/fernandfable');
  await page.locator('input[type="file"]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: Buffer.from(PIXEL_PNG, 'base64') });
  await expect(page.getByRole('img', { name: 'Store picture' })).toHaveAttribute('src', /^\/files\/.+\.webp$/);
  await expect(page.getByTestId('builder-preview').locator('img')).toHaveAttribute('src', /^\/files\/.+\.webp$/);
  await page.getByLabel('Button text', { exact: true }).fill('#a08060');
  await expect(page.getByText(/Button text on the button colour: contrast/)).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');
  await expect(page.getByTestId('builder-preview').getByText('Join the newsletter')).toBeVisible();
  await shot(page, 'store-builder');
  await viewShot(page, 'store-builder-viewport');
  // A phone shows one pane at a time: the editor, then the preview behind its tab.
  await page.setViewportSize(PHONE);
  await expect(page.getByLabel('Address', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page, PHONE.width);
  await shot(page, 'store-builder-edit');
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByTestId('builder-preview').getByText('Join the newsletter')).toBeVisible();
  await expectNoSidewaysScroll(page, PHONE.width);
  await shot(page, 'store-builder-preview');
  await page.setViewportSize(DESKTOP);

  // Settings: domains (whether custom domains are on is the platform's: maintenance-flags.spec.ts) and deleting the store.
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('region', { name: 'Domains' })).toBeVisible();
  await saveScreenshot(page.getByRole('region', { name: 'Domains' }), `store-settings-domains-${DESKTOP.width}.png`);
  if (SCREENSHOTS) await shotDomainsEnabled(page);
  await page.getByRole('button', { name: 'Delete store…' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${storeName}?` });
  await confirm.getByLabel(/to confirm/).fill(slug.slice(0, -1));
  await expect(confirm.getByRole('button', { name: 'Delete this store' })).toBeDisabled();
  await confirm.getByLabel(/to confirm/).fill(slug);
  await expect(confirm.getByRole('button', { name: 'Delete this store' })).toBeEnabled();
  await viewShot(page, 'store-delete-dialog');
  await expectLayoutAt(page, PHONE, [confirm.getByLabel(/to confirm/), confirm.getByRole('button', { name: 'Delete this store' })], (at) => viewShot(at, 'store-delete-dialog'));
  await confirm.getByRole('button', { name: 'Delete this store' }).click();
  await expect(page.getByText(`${storeName} was deleted`, { exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Create your store' })).toBeVisible();
  const gone = await request.post('/fn/lookupStore', { data: { data: { by: 'slug', slug } } });
  expect(((await gone.json()) as { result: unknown }).result).toBeNull();
  await context.close();
  await creator.api.dispose();
});

/**
 * The Domains section as it looks with custom domains on and a domain waiting for DNS, for the
 * picture only (so only with SCREENSHOTS=1): these answers are stubbed; the states are unit-tested
 * (domains-section.test.tsx) and the real refusal before the TXT record exists is store-builder.spec.ts's.
 */
async function shotDomainsEnabled(page: Page) {
  const patch = async (name: string, change: (result: Record<string, unknown>) => Record<string, unknown>) =>
    page.route(`**/fn/${name}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result: Record<string, unknown> };
      await route.fulfill({ response, json: { result: change(body.result) } });
    });
  await patch('getPlatformStatus', (result) => ({ ...result, featureFlags: { ...(result.featureFlags as object), customDomains: true } }));
  await patch('getStoreDomains', (result) => ({
    ...result,
    customDomainsEnabled: true,
    bioDomainBase: 'bio.example',
    customDomains: [{ domain: 'shop.fernandfable.com', txtRecordName: '_shopfront.shop.fernandfable.com', txtRecordValue: 'shopfront-verify=3f2a9c0d41b7e8a6c5d2f10b9e7a4c13', verified: false, verifiedAt: null }],
  }));
  await page.route('**/fn/verifyCustomDomain', (route) =>
    route.fulfill({ status: 400, json: { error: { status: 'FAILED_PRECONDITION', message: 'We could not find the TXT record yet. DNS changes can take a while; try again in a few minutes.' } } }),
  );
  await page.reload();
  const section = page.getByRole('region', { name: 'Domains' });
  await section.getByRole('button', { name: 'Verify' }).click();
  await expect(section.getByText('Not verified yet')).toBeVisible();
  await saveScreenshot(section, `store-settings-domains-pending-${page.viewportSize()?.width ?? 0}.png`);
  await page.unrouteAll();
  await page.reload();
}

import { expect, test } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/layout.ts';
import { saveScreenshot, shot } from '../support/screens.ts';

/**
 * The owner's `/{slug}?preview=true` tab follows the builder's autosaves over the preview SSE
 * stream, without a reload; a visitor's tab stays on the published store.
 */
test('an open preview tab shows builder edits without a reload', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const creator = await createStoreOwner(request, 'preview-live');
  const owner = await signedInContext(browser, creator, { viewport: { width: 1280, height: 900 } });
  const builder = await owner.newPage();

  const preview = await owner.newPage();
  await preview.goto(`/${creator.slug}?preview=true`);
  await expect(preview.locator('.sf-root h1')).toHaveText(creator.storeName);
  await expect(preview.locator('[data-hydrated="true"]')).toHaveCount(1);
  // A mark on the page's window: a reload would clear it.
  await preview.evaluate(() => Object.assign(window, { previewMark: 'same page' }));
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/${creator.slug}?preview=true`);
  await expect(visitor.locator('.sf-root h1')).toHaveText(creator.storeName);

  await builder.goto('/dashboard/store-builder');
  await expect(builder.getByTestId('preview-connection')).toHaveText('Live');
  const draftName = `${creator.storeName} Live`;
  await builder.getByLabel('Store name').fill(draftName);
  await builder.getByLabel('Description').fill('Edited in the builder, seen in the open tab.');
  await expect(builder.getByTestId('save-status')).toHaveText('All changes saved');

  await expect(preview.locator('.sf-root h1')).toHaveText(draftName);
  await expect(preview.getByText('Edited in the builder, seen in the open tab.')).toBeVisible();
  expect(await preview.evaluate(() => (window as unknown as { previewMark?: string }).previewMark)).toBe('same page');
  // The visitor's tab never gets the draft.
  await visitor.reload();
  await expect(visitor.locator('.sf-root h1')).toHaveText(creator.storeName);
  await owner.close();
  await visitorContext.close();
  await creator.api.dispose();
});

/**
 * The two dashboard screens this change adds, on a desktop and checked at a phone's width: the
 * store limit notice and Settings › Time zone. (That signup makes the store in the browser's zone
 * is identity.spec.ts's: this store is made in Berlin's through the functions.)
 */
test('store limit notice and time zone setting', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const creator = await createStoreOwner(request, 'screens', { timeZone: 'Europe/Berlin' });
  const context = await signedInContext(browser, creator, { viewport: DESKTOP, timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();

  await page.goto('/dashboard/settings');
  const zone = page.getByLabel('Store time zone');
  await expect(zone).toHaveValue('Europe/Berlin');
  await zone.selectOption('America/New_York');
  await page.getByRole('button', { name: 'Save time zone' }).click();
  await expect(page.getByText('Time zone set to America/New_York').first()).toBeVisible();
  await page.locator('#time-zone').scrollIntoViewIfNeeded();
  await shot(page, 'settings-time-zone');
  await expectLayoutAt(page, PHONE, [zone, page.getByRole('button', { name: 'Save time zone' })], 'settings-time-zone');

  await page.getByRole('button', { name: /Switch store$/ }).click();
  await page.getByRole('menuitem', { name: 'Create another store' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create another store' });
  const notice = dialog.getByText('Your Free plan includes 1 store. The Creator plan allows 3 stores.');
  await expect(notice).toBeVisible();
  await saveScreenshot(page, `store-limit-notice-${DESKTOP.width}.png`);
  await expectLayoutAt(page, PHONE, [notice], (at) => saveScreenshot(at, `store-limit-notice-${PHONE.width}.png`));
  await context.close();
  await creator.api.dispose();
});

import { expect, test, type Page } from '@playwright/test';
import { signedInContext, signedInCreator } from '../support/creators.ts';
import { DESKTOP, expectLayoutAt, expectNoSidewaysScroll, PHONE } from '../support/layout.ts';
import { saveScreenshot, shot } from '../support/screens.ts';

/** Three good contacts and one bad row, as a creator's spreadsheet export might look. */
const CSV = ['email,name,tags,consent', 'ines@example.com,Inès Duarte,workshop;vip,yes', 'tomas@example.com,Tomás Reyes,,yes', 'mei@example.com,Mei Tanaka,workshop,no', 'not-an-email,Broken Row,,yes'].join('\n');

/** One section of a long page, cut from a full-page shot so the sticky top bar does not cover it. */
async function shotOf(page: Page, selector: string, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  const clip = await page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { x: box.left + window.scrollX, y: box.top + window.scrollY, width: box.width, height: box.height };
  });
  await saveScreenshot(page, `${name}-${width}.png`, { fullPage: true, clip });
}

/**
 * The Audience tab of /dashboard/email (CSV import preview, segment builder with its live count,
 * segments list) and Settings › Email, against the real server, on a desktop, each screen also
 * checked at a phone's width, where the import preview is a list of cards instead of a table
 * (e2e/.artifacts/screenshots/email-audience-*, email-settings-*). Each shot asserts what it shows.
 */
test('audience and email settings screens', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const creator = await signedInCreator(request, 'audience');
  const { call } = creator;
  const store = await call<{ id: string }>('createStoreWithTenant', { storeName: 'Harbour Ceramics', slug: `harbour-${Date.now().toString(36)}` });
  await call('createProduct', { storeId: store.id, type: 'digital', title: 'Glaze Recipes Vol. 2', priceMode: 'fixed', priceCents: 1800 });
  await call('createProduct', { storeId: store.id, type: 'digital', title: 'Kiln Firing Log', priceMode: 'fixed', priceCents: 900 });
  const context = await signedInContext(browser, creator, { viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/dashboard/email?tab=audience');

  // The import preview: summary, every row with its line, the bad row's error; a table from
  // 640 px up, one card per row on phones.
  await page.getByLabel('CSV file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  const summary = page.getByRole('status', { name: 'Import summary' });
  await expect(summary).toContainText('Rows4');
  const previews = [
    { size: DESKTOP, rows: page.getByRole('table') },
    { size: PHONE, rows: page.getByRole('list', { name: 'Rows of the file' }) },
  ];
  for (const { size, rows } of previews) {
    await page.setViewportSize(size);
    await expect(rows).toContainText('not-an-email');
    await expect(rows).toContainText('Error: Please enter a valid email address');
    await expectNoSidewaysScroll(page, size.width);
    await shot(page, 'email-audience-import-preview');
  }
  await page.setViewportSize(DESKTOP);

  await page.getByRole('button', { name: /^Import \d/ }).click();
  await expect(page.getByText('Confirm that these contacts agreed to receive marketing email from you')).toBeVisible();
  await page.getByRole('checkbox', { name: 'These contacts agreed to receive marketing email from me' }).check();
  await page.getByRole('button', { name: /^Import \d/ }).click();
  await expect(page.getByText('Import finished', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss notification' }).click();

  // The builder with its live count.
  await page.getByRole('button', { name: 'New segment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New segment' });
  await dialog.getByLabel('Segment name').fill('Workshop people');
  await dialog.getByLabel('Tagged with any of').fill('workshop');
  const count = dialog.getByTestId('live-recipient-count');
  await expect(count).toContainText('1 will receive · 2 match');
  // The dialog scrolls on its own: the window is the picture (a full-page shot would cut it).
  const windowShot = (name: string) => (at: Page) => saveScreenshot(at, `${name}-${at.viewportSize()?.width ?? 0}.png`);
  await windowShot('email-audience-segment-builder')(page);
  await expectLayoutAt(page, PHONE, [count, dialog.getByRole('button', { name: 'Save segment' })], windowShot('email-audience-segment-builder'));
  await dialog.getByRole('button', { name: 'Save segment' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  const segments = page.getByRole('list', { name: 'Segments' });
  await expect(segments).toContainText('Workshop people');
  await shot(page, 'email-audience-segments');
  await expectLayoutAt(page, PHONE, [segments, page.getByRole('button', { name: 'New segment' })], 'email-audience-segments');

  // Settings › Email: the postal address saved, sending state, the complaint threshold.
  await page.goto('/dashboard/settings#email');
  const section = page.locator('section#email');
  await section.getByLabel('Postal address').fill('Harbour Ceramics\n4 Quay Lane\nPortland, ME 04101, USA');
  await section.getByRole('button', { name: 'Save email settings' }).click();
  await expect(page.getByText('Email settings saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await page.reload();
  await expect(section.getByLabel('Postal address')).toHaveValue(/4 Quay Lane/);
  await shotOf(page, 'section#email', 'email-settings');
  await expectLayoutAt(page, PHONE, [section.getByLabel('Postal address'), section.getByRole('button', { name: 'Save email settings' })], (at) => shotOf(at, 'section#email', 'email-settings'));

  // A paused store with a half-made smtp2go setup (the answer stubbed: no way to reach it for real here).
  await page.route('**/fn/getEmailSettings', (route) =>
    route.fulfill({
      json: {
        result: {
          senderName: 'Harbour Ceramics',
          replyTo: 'hello@harbour.example',
          postalAddress: '4 Quay Lane, Portland, ME 04101, USA',
          trackingEnabled: false,
          pausedAt: '2026-11-20T10:00:00.000Z',
          pausedReason: 'Spam complaints passed the limit: 4 complaints in the last 1,000 emails.',
          recentComplaintRate: 0.004,
          provider: 'smtp2go',
          smtp2goSubAccount: { exists: true, hasApiKey: true, webhookId: null, webhookStatus: 'failed', configured: false, lastError: 'smtp2go answered 503 Service Unavailable' },
        },
      },
    }),
  );
  await page.reload();
  const retry = section.getByRole('button', { name: 'Retry webhook creation' });
  await expect(retry).toBeVisible();
  await expect(section.getByRole('alert').first()).toContainText('Sending is paused for this store');
  await shotOf(page, 'section#email', 'email-settings-paused');
  await expectLayoutAt(page, PHONE, [retry, section.getByRole('alert').first()], (at) => shotOf(at, 'section#email', 'email-settings-paused'));
  await context.close();
  await creator.api.dispose();
});

import { expect, test, type Page } from '@playwright/test';
import { signedInCreator } from '../support/creators.ts';
import { SCREENSHOT_DIR, shot } from '../support/screens.ts';
import { signInWith } from '../support/session.ts';

const WIDTHS = [390, 1280] as const;

/** Three good contacts and one bad row, as a creator's spreadsheet export might look. */
const CSV = ['email,name,tags,consent', 'ines@example.com,Inès Duarte,workshop;vip,yes', 'tomas@example.com,Tomás Reyes,,yes', 'mei@example.com,Mei Tanaka,workshop,no', 'not-an-email,Broken Row,,yes'].join('\n');

/** One section of a long page, cut from a full-page shot so the sticky top bar does not cover it. */
async function shotOf(page: Page, selector: string, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  const clip = await page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { x: box.left + window.scrollX, y: box.top + window.scrollY, width: box.width, height: box.height };
  });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${width}.png`, fullPage: true, clip });
}

/**
 * The Audience tab of /dashboard/email (CSV import preview, segment builder with its live count,
 * segments list) and Settings › Email, against the real server, at phone and desktop widths
 * (e2e/.artifacts/screenshots/email-audience-*, email-settings-*). Each shot asserts what it shows.
 */
test('audience and email settings screens', async ({ page, request }) => {
  test.setTimeout(180_000);
  const creator = await signedInCreator(request, 'audience');
  const { api, call } = creator;
  const store = await call<{ id: string }>('createStoreWithTenant', { storeName: 'Harbour Ceramics', slug: `harbour-${Date.now().toString(36)}` });
  await call('createProduct', { storeId: store.id, type: 'digital', title: 'Glaze Recipes Vol. 2', priceMode: 'fixed', priceCents: 1800 });
  await call('createProduct', { storeId: store.id, type: 'digital', title: 'Kiln Firing Log', priceMode: 'fixed', priceCents: 900 });
  await api.dispose();

  await page.goto('/login');
  await signInWith(page, creator.email, creator.password);
  await expect(page).toHaveURL(/\/dashboard/);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.goto('/dashboard/email?tab=audience');

    // The import preview: summary, every row with its line, the bad row's error.
    await page.getByLabel('CSV file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    const summary = page.getByRole('status', { name: 'Import summary' });
    await expect(summary).toContainText('Rows4');
    // A table from 640 px up, one card per row on phones.
    const rows = width < 640 ? page.getByRole('list', { name: 'Rows of the file' }) : page.getByRole('table');
    await expect(rows).toContainText('not-an-email');
    await expect(rows).toContainText('Error: Please enter a valid email address');
    await shot(page, 'email-audience-import-preview');

    if (width === WIDTHS[0]) {
      await page.getByRole('button', { name: /^Import \d/ }).click();
      await expect(page.getByText('Confirm that these contacts agreed to receive marketing email from you')).toBeVisible();
      await page.getByRole('checkbox', { name: 'These contacts agreed to receive marketing email from me' }).check();
      await page.getByRole('button', { name: /^Import \d/ }).click();
      await expect(page.getByText('Import finished', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Dismiss notification' }).click();
    } else {
      await page.getByRole('button', { name: 'Choose another file' }).click();
    }

    // The builder with its live count.
    await page.getByRole('button', { name: 'New segment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New segment' });
    await dialog.getByLabel('Segment name').fill(width === WIDTHS[0] ? 'Workshop people' : 'Desktop draft');
    await dialog.getByLabel('Tagged with any of').fill('workshop');
    await expect(dialog.getByTestId('live-recipient-count')).toContainText('1 will receive · 2 match');
    // The dialog scrolls on its own: the window is the picture (a full-page shot would cut it).
    await page.screenshot({ path: `${SCREENSHOT_DIR}/email-audience-segment-builder-${width}.png` });
    if (width === WIDTHS[0]) {
      await dialog.getByRole('button', { name: 'Save segment' }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole('button', { name: 'Dismiss notification' }).click();
    } else {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
    await expect(page.getByRole('list', { name: 'Segments' })).toContainText('Workshop people');
    // Back to the top, so the full-page shot has the sticky top bar where it belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'email-audience-segments');

    // Settings › Email: the postal address saved, sending state, the complaint threshold.
    await page.goto('/dashboard/settings#email');
    const section = page.locator('section#email');
    await expect(section.getByLabel('Postal address')).toBeVisible();
    if (width === WIDTHS[0]) {
      await section.getByLabel('Postal address').fill('Harbour Ceramics\n4 Quay Lane\nPortland, ME 04101, USA');
      await section.getByRole('button', { name: 'Save email settings' }).click();
      await expect(page.getByText('Email settings saved', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Dismiss notification' }).click();
    }
    await expect(section.getByLabel('Postal address')).toHaveValue(/4 Quay Lane/);
    await shotOf(page, 'section#email', 'email-settings');

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
    await expect(section.getByRole('button', { name: 'Retry webhook creation' })).toBeVisible();
    await expect(section.getByRole('alert').first()).toContainText('Sending is paused for this store');
    await shotOf(page, 'section#email', 'email-settings-paused');
    await page.unroute('**/fn/getEmailSettings');
  }
});

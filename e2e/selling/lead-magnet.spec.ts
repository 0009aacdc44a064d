import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { expectLayoutAt, PHONE } from '../support/layout.ts';
import { accessLinkIn, uniqueEmail, waitForMessage } from '../support/mailbox.ts';
import { saveScreenshot, SCREENSHOTS, shot, VIEWPORTS } from '../support/screens.ts';

const PHONE_VISITOR = VIEWPORTS[0];
const FILE_NAME = 'glaze-cheat-sheet.pdf';
const TITLE = 'Glaze Cheat Sheet';

/**
 * A lead magnet end to end: it cannot be published without a file; with one it is published,
 * claimed for free on a phone, the email speaks of a free download (never a purchase or a
 * receipt), its link downloads the exact bytes, and the creator hears of the claim.
 */
test('a lead magnet with a file is claimed for free and delivers the exact file', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const fileBytes = randomBytes(64 * 1024);

  // 1. The creator makes a lead magnet: Publish waits for a file, then it goes live.
  const creator = await createStoreOwner(request, 'magnet');
  const owner = await signedInContext(browser, creator, { viewport: { width: 1280, height: 900 } });
  const page = await owner.newPage();
  await page.goto('/dashboard/products');
  await page.getByRole('link', { name: 'Create your first product' }).click();
  await page.getByRole('link', { name: /Lead magnet/ }).click();
  await page.getByLabel('Title', { exact: true }).fill(TITLE);
  await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await expect(page.getByText('Add at least one file before publishing')).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('button', { name: '+ Add files' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  // A phone shows the sticky action bar with Publish waiting, and why.
  await expectLayoutAt(page, PHONE, [page.getByRole('button', { name: 'Publish' }), page.getByText('Add at least one file before publishing')], 'lead-magnet-needs-file');
  if (SCREENSHOTS) {
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Dismiss' }).first().click().catch(() => undefined);
    await saveScreenshot(page, `lead-magnet-action-bar-390.png`);
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await shot(page, 'lead-magnet-needs-file');
  await page.getByTestId('product-file-input').setInputFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: fileBytes });
  await expect(page.getByRole('list', { name: 'Files' }).getByText(FILE_NAME)).toBeVisible();
  await expect(page.getByText('Add at least one file before publishing')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await shot(page, 'lead-magnet-editor');
  await expectLayoutAt(page, PHONE, [page.getByRole('button', { name: 'Unpublish' })], 'lead-magnet-editor');

  // 2. Settings: store details and sale notifications (each sale by default).
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'Store details' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Store name' })).toHaveValue(creator.storeName);
  await expect(page.getByRole('radio', { name: /Each sale/ })).toBeChecked();
  await shot(page, 'settings-store-details');
  await expectLayoutAt(page, PHONE, [page.getByRole('heading', { name: 'Store details' })], 'settings-store-details');

  // 3. A visitor on a phone claims it for free.
  const visitorContext = await browser.newContext({ ...PHONE_VISITOR });
  const visitor = await visitorContext.newPage();
  await expect
    .poll(
      async () => {
        await visitor.goto(`/${creator.slug}`);
        return visitor.getByRole('link', { name: new RegExp(TITLE) }).count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  await visitor.getByRole('link', { name: new RegExp(TITLE) }).first().click();
  await expect(visitor.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const buyer = { name: 'Gia Glazer', email: uniqueEmail('claimer') };
  await visitor.getByLabel('Name', { exact: true }).fill(buyer.name);
  await visitor.getByLabel('Email', { exact: true }).fill(buyer.email);
  await visitor.getByRole('button', { name: 'Get it free' }).click();
  await expect(visitor).toHaveURL(/\/checkout\/success\?checkout=/);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Here’s your free download' })).toBeVisible();
  await expect(visitor.getByText(/purchase|receipt/i)).toHaveCount(0);
  await shot(visitor, 'lead-magnet-claimed');

  // 4. The email is a free download, never a purchase or a receipt; its link gives the exact bytes.
  const email = await waitForMessage(request, buyer.email, /free download/i);
  expect(email.subject).toBe(`Your free download: ${TITLE}`);
  expect(email.text).toContain('Here’s your free download');
  for (const part of [email.subject, email.text]) expect(part).not.toMatch(/purchase|receipt/i);
  const accessUrl = accessLinkIn(email);
  await visitor.goto(accessUrl);
  await expect(visitor.getByText(FILE_NAME)).toBeVisible();
  await shot(visitor, 'lead-magnet-downloads');
  const href = await visitor.getByRole('link', { name: new RegExp(FILE_NAME) }).first().getAttribute('href');
  const download = await request.get(new URL(href!, accessUrl).toString());
  expect(download.status()).toBe(200);
  expect(Buffer.compare(await download.body(), fileBytes)).toBe(0);

  // 5. The creator hears of the claim (Sale notifications: each sale).
  const note = await waitForMessage(request, creator.email, /New free download/);
  expect(note.subject).toBe(`New free download: ${TITLE}`);
  expect(note.text).toContain(buyer.email);

  await owner.close();
  await visitorContext.close();
  await creator.api.dispose();
});

import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DESKTOP, expectLayoutAt } from '../support/layout.ts';
import { receiptLink, uniqueEmail, waitForCode } from '../support/mailbox.ts';
import { shot, VIEWPORTS } from '../support/screens.ts';
import { signUpWithStore } from '../support/signup.ts';

const PHONE = VIEWPORTS[0];
const FILE_NAME = 'lofi-drum-kit.zip';

/**
 * The acceptance journey, in order: a creator adds a digital product with a file and publishes it; a
 * visitor on a phone buys it with the test card; the receipt arrives and its link downloads the
 * exact bytes; the buyer signs up in the store's members area and sees the purchase; the creator
 * sees the order on Sales and the buyer on Customers; a refund stops the download link.
 */
test('a creator sells a download to a phone visitor, who gets the exact file, until it is refunded', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const fileBytes = randomBytes(256 * 1024);

  // 1. The creator adds a digital product with a file and publishes it.
  const owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await owner.newPage();
  const creator = await signUpWithStore(page, request, 'seller');
  await page.goto('/dashboard/products');
  await page.getByRole('link', { name: 'Create your first product' }).click();
  await page.getByRole('link', { name: /Digital download/ }).click();
  await page.getByLabel('Title', { exact: true }).fill('Lo-fi Drum Kit');
  await page.getByLabel('Subtitle').fill('Forty dusty one-shots for late-night beats');
  await page.getByLabel(/^Price \(/).fill('12.50');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.getByTestId('product-file-input').setInputFiles({ name: FILE_NAME, mimeType: 'application/zip', buffer: fileBytes });
  await expect(page.getByRole('list', { name: 'Files' }).getByText(FILE_NAME)).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await shot(page, 'selling-product-editor');

  // 2. A visitor on a phone buys it with the test card.
  const visitorContext = await browser.newContext({ ...PHONE });
  const visitor = await visitorContext.newPage();
  await expect
    .poll(
      async () => {
        await visitor.goto(`/${creator.slug}`);
        return visitor.getByRole('link', { name: /Lo-fi Drum Kit/ }).count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  await shot(visitor, 'selling-storefront');
  await visitor.getByRole('link', { name: /Lo-fi Drum Kit/ }).first().click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Lo-fi Drum Kit' })).toBeVisible();
  await expect(visitor).toHaveURL(new RegExp(`/${creator.slug}/p/lo-fi-drum-kit$`));
  const buyer = { name: 'Bea Buyer', email: uniqueEmail('buyer') };
  await visitor.getByLabel('Name', { exact: true }).fill(buyer.name);
  await visitor.getByLabel('Email', { exact: true }).fill(buyer.email);
  await shot(visitor, 'selling-product-page');
  await visitor.getByRole('button', { name: /Buy|Pay|Checkout/i }).click();
  await expect(visitor.getByText(/TEST MODE/)).toBeVisible();
  await shot(visitor, 'selling-test-checkout');
  // A declined card first: no order, the page says why.
  await visitor.getByLabel('Card number').fill('4000 0000 0000 0002');
  await visitor.getByLabel('Expiry (MM/YY)').fill('12/34');
  await visitor.getByLabel('CVC').fill('123');
  await visitor.getByLabel('Name on card').fill(buyer.name);
  await visitor.getByRole('button', { name: /^Pay/ }).click();
  await expect(visitor.getByText('Your card was declined. Please use a different card.')).toBeVisible();
  await visitor.getByLabel('Card number').fill('4242 4242 4242 4242');
  await visitor.getByLabel('Expiry (MM/YY)').fill('12/34');
  await visitor.getByLabel('CVC').fill('123');
  await visitor.getByRole('button', { name: /^Pay/ }).click();
  await expect(visitor.getByRole('heading', { name: 'Thanks for your purchase!' })).toBeVisible();
  // The thank-you page has the download right there, and it is the exact file.
  const thanksDownload = visitor.getByRole('list', { name: 'Your downloads' }).getByRole('link', { name: `Download ${FILE_NAME}` });
  await expect(thanksDownload).toBeVisible();
  await shot(visitor, 'selling-thank-you');
  await expectLayoutAt(visitor, DESKTOP, [thanksDownload], 'selling-thank-you');
  const fromThanks = await request.get(new URL((await thanksDownload.getAttribute('href'))!, visitor.url()).toString());
  expect(fromThanks.status()).toBe(200);
  expect(Buffer.compare(await fromThanks.body(), fileBytes)).toBe(0);

  // 3. The receipt arrives in the outbox; its link downloads the exact bytes uploaded.
  const accessUrl = await receiptLink(request, buyer.email);
  await visitor.goto(accessUrl);
  await expect(visitor.getByText(FILE_NAME)).toBeVisible();
  await shot(visitor, 'selling-receipt-downloads');
  const downloadHref = await visitor.getByRole('link', { name: new RegExp(FILE_NAME) }).first().getAttribute('href');
  expect(downloadHref).toBeTruthy();
  const fileUrl = new URL(downloadHref!, accessUrl).toString();
  const download = await request.get(fileUrl);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toContain('attachment');
  expect(Buffer.compare(await download.body(), fileBytes)).toBe(0);

  // 4. The buyer signs up in the store's members area and sees the purchase.
  await visitor.goto(`/${creator.slug}/members/signup`);
  await visitor.getByLabel('Name', { exact: true }).fill(buyer.name);
  await visitor.getByLabel('Email', { exact: true }).fill(buyer.email);
  await visitor.getByLabel('Password', { exact: true }).fill('member-Password-7');
  await visitor.getByLabel('Confirm password').fill('member-Password-7');
  await visitor.getByRole('button', { name: 'Continue' }).click();
  const code = await waitForCode(request, buyer.email, { subject: /verification code/i });
  await visitor.getByLabel('Verification code').fill(code);
  await visitor.getByRole('button', { name: 'Verify and create account' }).click();
  const purchase = visitor.getByTestId('purchase').filter({ hasText: 'Lo-fi Drum Kit' });
  await expect(purchase).toBeVisible();
  await expect(purchase.getByRole('link', { name: new RegExp(`Download ${FILE_NAME}`) })).toBeVisible();
  await shot(visitor, 'selling-members-home');

  // 5. The creator sees the order on Sales and the customer on Customers.
  await page.goto('/dashboard/sales');
  await expect(page.getByText(buyer.email).first()).toBeVisible();
  await expect(page.getByText('Lo-fi Drum Kit').first()).toBeVisible();
  await shot(page, 'selling-sales');
  await page.goto('/dashboard/customers');
  await expect(page.getByText(buyer.email).first()).toBeVisible();
  await shot(page, 'selling-customers');

  // 6. The creator refunds the order; the download link stops working.
  await page.goto('/dashboard/sales');
  await page.getByRole('button', { name: `Refund Lo-fi Drum Kit for ${buyer.name}` }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Refund $12.50' }).click();
  await expect(page.getByRole('button', { name: `Refund Lo-fi Drum Kit for ${buyer.name}` })).toHaveCount(0);
  await expect(page.locator('span').getByText('Refunded', { exact: true }).first()).toBeVisible();
  const afterRefund = await request.get(fileUrl);
  expect(afterRefund.status()).toBe(410);
  await visitor.reload();
  await expect(purchase.getByText(/Refunded/)).toBeVisible();

  await owner.close();
  await visitorContext.close();
});

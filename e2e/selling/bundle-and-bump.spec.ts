import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { readMailbox, uniqueEmail } from '../support/mailbox.ts';
import { shot, VIEWPORTS } from '../support/screens.ts';
import { signUpWithStore } from '../support/signup.ts';

const PHONE = VIEWPORTS[0];

/** Creates a digital download through the editor; with a file it is published, without it stays a draft. */
async function createDownload(page: Page, title: string, price: string, file?: { name: string; bytes: Buffer }) {
  await page.goto('/dashboard/products');
  await page.getByRole('link', { name: /Create your first product|New product/ }).first().click();
  await page.getByRole('link', { name: /Digital download/ }).click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel(/^Price \(/).fill(price);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft: not on your store yet')).toBeVisible();
  if (!file) return;
  await page.getByTestId('product-file-input').setInputFiles({ name: file.name, mimeType: 'application/zip', buffer: file.bytes });
  await expect(page.getByRole('list', { name: 'Files' }).getByText(file.name)).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
}

/**
 * A creator builds a bundle of two downloads and sets an order bump on it; a phone visitor buys the
 * bundle with the bump ticked; the order access page lists all three files and each downloads intact.
 */
test('a bundle with an order bump: one payment, every file delivered', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const files = {
    guide: { name: 'guide.zip', bytes: randomBytes(40_000) },
    workbook: { name: 'workbook.zip', bytes: randomBytes(50_000) },
    templates: { name: 'templates.zip', bytes: randomBytes(30_000) },
  };

  const owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await owner.newPage();
  const creator = await signUpWithStore(page, request, 'bundler');
  await createDownload(page, 'Pottery Guide', '12.00', files.guide);
  await createDownload(page, 'Glaze Workbook', '9.00', files.workbook);
  await createDownload(page, 'Mug Templates', '8.00', files.templates);
  await createDownload(page, 'Studio Bundle', '18.00');

  const included = page.getByRole('region', { name: 'Included products' });
  for (const title of ['Pottery Guide', 'Glaze Workbook']) {
    await included.getByLabel('Add a product').selectOption({ label: title });
    await included.getByRole('button', { name: 'Add' }).click();
  }
  await included.getByRole('button', { name: 'Save included products' }).click();
  await expect(page.getByText('Included products saved.', { exact: true })).toBeVisible();
  const bump = page.getByRole('region', { name: 'Order bump' });
  await bump.getByLabel('Add-on product').selectOption({ label: 'Mug Templates' });
  await bump.getByLabel(/^Bump price/).fill('8.00');
  await bump.getByRole('button', { name: 'Save order bump' }).click();
  await expect(bump.getByText('The order bump price must be lower than the product’s own price')).toBeVisible();
  await bump.getByLabel(/^Bump price/).fill('5.00');
  await bump.getByRole('button', { name: 'Save order bump' }).click();
  await expect(page.getByText('Order bump saved.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await included.scrollIntoViewIfNeeded();
  await shot(page, 'bundle-editor');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'bundle-editor');

  const visitorContext = await browser.newContext({ ...PHONE });
  const visitor = await visitorContext.newPage();
  await expect
    .poll(
      async () => {
        await visitor.goto(`/${creator.slug}/p/studio-bundle`);
        return visitor.getByRole('heading', { level: 1, name: 'Studio Bundle' }).count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  const includes = visitor.getByRole('list', { name: 'Included products' });
  await expect(includes.getByRole('listitem')).toHaveText(['Pottery Guide (1 file)', 'Glaze Workbook (1 file)']);
  const buyer = { name: 'Bea Buyer', email: uniqueEmail('bundle-buyer') };
  await visitor.getByLabel('Name', { exact: true }).fill(buyer.name);
  await visitor.getByLabel('Email', { exact: true }).fill(buyer.email);
  await visitor.getByRole('checkbox', { name: 'Add Mug Templates for $5.00' }).check();
  await shot(visitor, 'bundle-checkout-bump');
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await shot(visitor, 'bundle-checkout-bump');
  await visitor.setViewportSize(PHONE.viewport);
  await visitor.getByRole('button', { name: /Buy/ }).click();
  await expect(visitor.getByText(/TEST MODE/)).toBeVisible();
  await expect(visitor.getByText('Mug Templates: $5.00')).toBeVisible();
  await expect(visitor.getByText('Total: $23.00')).toBeVisible();
  await visitor.getByLabel('Card number').fill('4242 4242 4242 4242');
  await visitor.getByLabel('Expiry (MM/YY)').fill('12/34');
  await visitor.getByLabel('CVC').fill('123');
  await visitor.getByLabel('Name on card').fill(buyer.name);
  await visitor.getByRole('button', { name: /^Pay/ }).click();
  await expect(visitor.getByRole('heading', { name: 'Thanks for your purchase!' })).toBeVisible();

  let accessUrl: string | undefined;
  await expect
    .poll(async () => {
      const receipt = (await readMailbox(request, buyer.email)).find((message) => /receipt/i.test(message.subject));
      accessUrl = receipt ? /https?:\/\/\S+\/api\/downloads\/[A-Za-z0-9_.-]+/.exec(receipt.text)?.[0] : undefined;
      return accessUrl;
    }, { timeout: 15_000 })
    .toBeTruthy();
  await visitor.goto(accessUrl!);
  for (const file of Object.values(files)) {
    await expect(visitor.getByText(file.name)).toBeVisible();
    const href = await visitor.getByRole('link', { name: new RegExp(file.name) }).first().getAttribute('href');
    const download = await request.get(new URL(href!, accessUrl).toString());
    expect(download.status()).toBe(200);
    expect(Buffer.compare(await download.body(), file.bytes)).toBe(0);
  }
  await shot(visitor, 'bundle-access-page');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/sales');
  const lines = page.getByRole('list', { name: `Lines of the order by ${buyer.name}` });
  await expect(lines).toContainText('Studio Bundle');
  await expect(lines).toContainText('Mug Templates');
  await owner.close();
  await visitorContext.close();
});

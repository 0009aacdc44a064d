import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/layout.ts';
import { receiptLink, uniqueEmail } from '../support/mailbox.ts';
import { createDownload } from '../support/products.ts';
import { shot, VIEWPORTS } from '../support/screens.ts';

const PHONE_VISITOR = VIEWPORTS[0];

/** The bundle itself through the editor: a digital download without a file stays a draft. */
async function createBundleDraft(page: Page, title: string, price: string) {
  await page.goto('/dashboard/products');
  await page.getByRole('link', { name: /Create your first product|New product/ }).first().click();
  await page.getByRole('link', { name: /Digital download/ }).click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel(/^Price \(/).fill(price);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft: not on your store yet')).toBeVisible();
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

  // The three downloads through the functions (the editor: purchase-journey.spec.ts); the bundle in the editor.
  const creator = await createStoreOwner(request, 'bundler');
  await createDownload(creator, { title: 'Pottery Guide', priceCents: 1200, file: { ...files.guide, mimeType: 'application/zip' } });
  await createDownload(creator, { title: 'Glaze Workbook', priceCents: 900, file: { ...files.workbook, mimeType: 'application/zip' } });
  await createDownload(creator, { title: 'Mug Templates', priceCents: 800, file: { ...files.templates, mimeType: 'application/zip' } });
  const owner = await signedInContext(browser, creator, { viewport: { width: 1280, height: 900 } });
  const page = await owner.newPage();
  await createBundleDraft(page, 'Studio Bundle', '18.00');

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
  await expectLayoutAt(page, PHONE, [included, bump, page.getByRole('button', { name: 'Unpublish' })], 'bundle-editor');

  const visitorContext = await browser.newContext({ ...PHONE_VISITOR });
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
  await expectLayoutAt(visitor, DESKTOP, [includes, visitor.getByRole('checkbox', { name: 'Add Mug Templates for $5.00' }), visitor.getByRole('button', { name: /Buy/ })], 'bundle-checkout-bump');
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

  const accessUrl = await receiptLink(request, buyer.email);
  await visitor.goto(accessUrl);
  for (const file of Object.values(files)) {
    await expect(visitor.getByText(file.name)).toBeVisible();
    const href = await visitor.getByRole('link', { name: new RegExp(file.name) }).first().getAttribute('href');
    const download = await request.get(new URL(href!, accessUrl).toString());
    expect(download.status()).toBe(200);
    expect(Buffer.compare(await download.body(), file.bytes)).toBe(0);
  }
  await shot(visitor, 'bundle-access-page');

  await page.goto('/dashboard/sales');
  const lines = page.getByRole('list', { name: `Lines of the order by ${buyer.name}` });
  await expect(lines).toContainText('Studio Bundle');
  await expect(lines).toContainText('Mug Templates');
  await owner.close();
  await visitorContext.close();
  await creator.api.dispose();
});

import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/mailbox.ts';
import { shot, VIEWPORTS } from '../support/screens.ts';
import { signUpWithStore } from '../support/signup.ts';

const PHONE = VIEWPORTS[0];

/**
 * A creator makes a 25 % code for a product; a phone visitor opens the `?discount=` link, sees the
 * lower price on the checkout form, and pays the lower amount; the code shows one use.
 */
test('a discount code link lowers the price the buyer pays', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await owner.newPage();
  const creator = await signUpWithStore(page, request, 'coder');
  await page.goto('/dashboard/products');
  await page.getByRole('link', { name: 'Create your first product' }).click();
  await page.getByRole('link', { name: /Digital download/ }).click();
  await page.getByLabel('Title', { exact: true }).fill('Brush Pack');
  await page.getByLabel(/^Price \(/).fill('20');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.getByTestId('product-file-input').setInputFiles({ name: 'brushes.zip', mimeType: 'application/zip', buffer: Buffer.from('brushes') });
  await expect(page.getByRole('list', { name: 'Files' }).getByText('brushes.zip')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();

  await page.goto('/dashboard/products');
  await page.getByRole('link', { name: 'Discount codes' }).click();
  await expect(page.getByText(/No discount codes yet/)).toBeVisible();
  await page.getByRole('button', { name: 'New discount code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New discount code' });
  await dialog.getByLabel('Code').fill('friends25');
  await dialog.getByLabel('Percent off').fill('25');
  await dialog.getByLabel('Total uses (optional)').fill('3');
  await shot(page, 'discount-code-dialog');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  const codes = page.getByRole('list', { name: 'Discount codes' });
  await expect(codes.getByText('FRIENDS25')).toBeVisible();
  await expect(codes).toContainText('25% off · Every product · 0 of 3 used');
  await shot(page, 'discount-codes');

  const visitorContext = await browser.newContext({ ...PHONE });
  const visitor = await visitorContext.newPage();
  await expect
    .poll(
      async () => {
        await visitor.goto(`/${creator.slug}/p/brush-pack?discount=FRIENDS25`);
        return visitor.getByRole('heading', { level: 1, name: 'Brush Pack' }).count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  const applied = visitor.getByRole('status').filter({ hasText: 'FRIENDS25 applied' });
  await expect(applied).toContainText('$20.00 $15.00');
  await visitor.getByLabel('Name', { exact: true }).fill('Dee Buyer');
  await visitor.getByLabel('Email', { exact: true }).fill(uniqueEmail('discounted'));
  await shot(visitor, 'discount-checkout-form');
  await visitor.getByRole('button', { name: /Buy|Pay|Checkout/i }).click();
  await expect(visitor.getByText(/TEST MODE/)).toBeVisible();
  await expect(visitor.getByText('$15.00').first()).toBeVisible();
  await visitor.getByLabel('Card number').fill('4242 4242 4242 4242');
  await visitor.getByLabel('Expiry (MM/YY)').fill('12/34');
  await visitor.getByLabel('CVC').fill('123');
  await visitor.getByLabel('Name on card').fill('Dee Buyer');
  await visitor.getByRole('button', { name: /^Pay/ }).click();
  await expect(visitor).toHaveURL(/checkout\/success/);

  await page.reload();
  await expect(page.getByRole('list', { name: 'Discount codes' })).toContainText('1 of 3 used');
  await page.goto('/dashboard/sales');
  await expect(page.getByText('$15.00').first()).toBeVisible();
  await visitorContext.close();
  await owner.close();
});

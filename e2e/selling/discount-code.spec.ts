import { expect, test } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/layout.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { createDownload } from '../support/products.ts';
import { shot, VIEWPORTS } from '../support/screens.ts';

const PHONE_VISITOR = VIEWPORTS[0];

/**
 * A creator makes a 25 % code for a product; a phone visitor opens the `?discount=` link, sees the
 * lower price on the checkout form, and pays the lower amount; the code shows one use.
 */
test('a discount code link lowers the price the buyer pays', async ({ browser, request }) => {
  test.setTimeout(180_000);
  // A creator with a published $20 download, made through the functions (the editor: purchase-journey.spec.ts).
  const creator = await createStoreOwner(request, 'coder');
  const product = await createDownload(creator, { title: 'Brush Pack', priceCents: 2000, file: { name: 'brushes.zip', bytes: Buffer.from('brushes'), mimeType: 'application/zip' } });
  const owner = await signedInContext(browser, creator, { viewport: { width: 1280, height: 900 } });
  const page = await owner.newPage();

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
  await expectLayoutAt(page, PHONE, [codes.getByText('FRIENDS25'), page.getByRole('button', { name: 'New discount code' })], 'discount-codes');

  const visitorContext = await browser.newContext({ ...PHONE_VISITOR });
  const visitor = await visitorContext.newPage();
  await expect
    .poll(
      async () => {
        await visitor.goto(`/${creator.slug}/p/${product.slug}?discount=FRIENDS25`);
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
  await expectLayoutAt(visitor, DESKTOP, [applied, visitor.getByRole('button', { name: /Buy|Pay|Checkout/i })], 'discount-checkout-form');
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
  await creator.api.dispose();
});

import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { buyDownload } from '../support/buy-download.ts';
import { readMailbox } from '../support/mailbox.ts';
import { expectLayoutAt, PHONE } from '../support/layout.ts';
import { shot } from '../support/screens.ts';

const FILE_NAME = 'glaze-recipes.pdf';

/**
 * A creator refunds part of an order in Sales: the buyer's download keeps working and the order
 * shows what was refunded; refunding the rest ends access (410). The buyer gets an email for each.
 */
test('a partial refund keeps the download working; refunding the rest ends it', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const fileBytes = randomBytes(64 * 1024);
  const bought = await buyDownload(browser, request, { title: 'Glaze Recipes', price: '20.00', fileName: FILE_NAME, fileBytes });
  const page = bought.owner;
  const refundButton = page.getByRole('button', { name: `Refund Glaze Recipes for ${bought.buyer.name}` });

  // Refund $5.00 of $20.00.
  await page.goto('/dashboard/sales');
  await refundButton.click();
  const dialog = page.getByRole('alertdialog', { name: 'Refund this order' });
  const amount = dialog.getByLabel(/Amount to refund/);
  await expect(amount).toHaveValue('20.00');
  // More than the order is refused before anything is sent.
  await amount.fill('25');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('The refund amount is more than what remains on this order.')).toBeVisible();
  await amount.fill('5');
  await shot(page, 'refund-dialog-amount');
  await expectLayoutAt(page, PHONE, [amount, dialog.getByRole('button', { name: 'Continue' })], 'refund-dialog-amount');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText('Their downloads keep working');
  await shot(page, 'refund-dialog-confirm');
  await dialog.getByRole('button', { name: 'Refund $5.00' }).click();
  await expect(page.getByText('Refunded $5.00 to Rae Buyer. Their downloads keep working.').first()).toBeVisible();

  const order = page.getByTestId('order').filter({ hasText: 'Glaze Recipes' });
  await expect(order.getByText('Partly refunded')).toBeVisible();
  await expect(order.getByText('$5.00 refunded')).toBeVisible();
  await order.getByText('1 refund · $5.00 of $20.00').click();
  await expect(order.getByRole('list', { name: /^Refunds of/ })).toContainText('$15.00');
  await shot(page, 'sales-partly-refunded');
  await expectLayoutAt(page, PHONE, [order.getByText('Partly refunded'), refundButton], 'sales-partly-refunded');

  const stillWorks = await request.get(bought.fileUrl);
  expect(stillWorks.status()).toBe(200);
  expect(Buffer.compare(await stillWorks.body(), fileBytes)).toBe(0);

  // Refund the rest (the default amount).
  await refundButton.click();
  await expect(dialog.getByLabel(/Amount to refund/)).toHaveValue('15.00');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText('their download links stop working at once');
  await dialog.getByRole('button', { name: 'Refund $15.00' }).click();
  await expect(page.getByText('Refunded $15.00 to Rae Buyer. The order is fully refunded and its downloads are revoked.').first()).toBeVisible();
  await expect(refundButton).toHaveCount(0);
  await expect(order.getByText('Refunded', { exact: true })).toBeVisible();

  const revoked = await request.get(bought.fileUrl);
  expect(revoked.status()).toBe(410);
  expect(await revoked.text()).toContain('This purchase was refunded');

  // The buyer got one email per refund, saying whether access ended.
  await expect
    .poll(async () => (await readMailbox(request, bought.buyer.email)).filter((message) => /^Refund of/.test(message.subject)).map((message) => message.subject).sort(), {
      timeout: 15_000,
    })
    .toEqual(['Refund of $15.00 for Glaze Recipes', 'Refund of $5.00 for Glaze Recipes']);
  await bought.close();
});

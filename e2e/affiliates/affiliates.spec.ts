import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { checkOutWithTestCard } from '../support/buy-download.ts';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/layout.ts';
import { uniqueEmail, waitForCode } from '../support/mailbox.ts';
import { cents, createDownload } from '../support/products.ts';

const PRODUCT = 'Kiln Log Template';
const PRICE = '10.00';
/** 30 % of $10.00. */
const COMMISSION = '$3.00';

/** A figure of a definition list on the members affiliate page ("Visits", "Pending"…). */
function figure(list: Locator, name: string): Locator {
  return list.getByRole('term').filter({ hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** Reloads the members affiliate page until the figure reads `value` (purchases arrive through the payment event). */
async function expectFigure(page: Page, list: string, name: string, value: string) {
  await expect
    .poll(
      async () => {
        await page.reload();
        // Every figure comes with the results (the earnings only once there are some): read once those show.
        await figure(page.getByLabel('Your results', { exact: true }), 'Visits').waitFor();
        const cell = figure(page.getByLabel(list, { exact: true }), name);
        return (await cell.count()) > 0 ? (await cell.first().innerText()).trim() : '';
      },
      { message: `${list} › ${name} reads ${value}`, timeout: 30_000 },
    )
    .toBe(value);
}

/** A new visitor (a fresh browser context) opens the store through the affiliate's link, browses to the product in place, reloads it, and buys. */
async function referredPurchase(browser: Browser, slug: string, code: string, buyer: { name: string; email: string }) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const visitReported = page.waitForResponse((response) => response.url().endsWith('/fn/trackAffiliateVisit'));
  await page.goto(`/${slug}?ref=${code}`);
  await expect(page.locator('#storefront-root')).toHaveAttribute('data-hydrated', 'true');
  // The visit is reported and its reply read to the end, so the referral landing goes idle.
  expect((await visitReported).status()).toBe(200);
  await page.waitForLoadState('networkidle', { timeout: 10_000 });
  await page.getByRole('link', { name: new RegExp(PRODUCT) }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  // A full load of the product page in the same session: the referral is not reported again.
  await page.reload();
  await expect(page.locator('#storefront-root')).toHaveAttribute('data-hydrated', 'true');
  await checkOutWithTestCard(page, buyer);
  await context.close();
}

/**
 * The acceptance journey: the creator opens a 30 % program; a members-area customer becomes an
 * affiliate; a visitor referred by their link buys; the affiliate sees the sale pending; a refund
 * cancels it; a second sale passes the holding period on the store's test clock and is paid out.
 */
test('a referred sale earns the affiliate 30 %, a refund cancels it, and a matured one is paid out', async ({ browser, request }) => {
  test.setTimeout(420_000);

  // 0. A creator with a published $10.00 download (made through the functions).
  const creator = await createStoreOwner(request, 'affiliates');
  await createDownload(creator, { title: PRODUCT, priceCents: cents(PRICE), file: { name: 'kiln-log.pdf', bytes: randomBytes(2048) } });
  const ownerContext = await signedInContext(browser, creator, { viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();

  // 1. The creator turns the program on with 30 %.
  await owner.goto('/dashboard/affiliates?tab=settings');
  const settings = owner.getByRole('form', { name: 'Program settings' });
  await settings.getByRole('switch', { name: 'Affiliate program' }).click();
  await settings.getByLabel('Default commission (%)').fill('30');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved. The program is on.');
  await shotsAtBothWidths(owner, 'affiliates-settings');

  // 2. A customer signs up in the members area and becomes an affiliate.
  const affiliateContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const affiliate = await affiliateContext.newPage();
  const partner = { name: 'Pia Partner', email: uniqueEmail('affiliate') };
  await affiliate.goto(`/${creator.slug}/members/signup`);
  await affiliate.getByLabel('Name', { exact: true }).fill(partner.name);
  await affiliate.getByLabel('Email', { exact: true }).fill(partner.email);
  await affiliate.getByLabel('Password', { exact: true }).fill('partner-Password-7');
  await affiliate.getByLabel('Confirm password').fill('partner-Password-7');
  await affiliate.getByRole('button', { name: 'Continue' }).click();
  const code = await waitForCode(request, partner.email, { subject: /verification code/i });
  await affiliate.getByLabel('Verification code').fill(code);
  await affiliate.getByRole('button', { name: 'Verify and create account' }).click();
  await expect(affiliate.getByRole('heading', { name: 'Your library' })).toBeVisible();
  await affiliate.goto(`/${creator.slug}/members/affiliate`);
  await expect(affiliate.getByText('30% of each sale')).toBeVisible();
  await affiliate.getByRole('button', { name: 'Become an affiliate' }).click();
  const codeField = affiliate.getByLabel('Your referral code', { exact: true });
  await expect(codeField).toHaveValue(/^[A-Z2-9]{8}$/);
  const referralCode = await codeField.inputValue();
  await expect(affiliate.getByLabel(`Link to ${PRODUCT}`, { exact: true })).toHaveValue(new RegExp(`/${creator.slug}/p/[^?]+\\?ref=${referralCode}$`));

  // 3. A new visitor opens the store with ?ref=CODE, browses to the product and buys with the test card.
  const firstBuyer = { name: 'Ana Referred', email: uniqueEmail('referred-buyer') };
  await referredPurchase(browser, creator.slug, referralCode, firstBuyer);

  // 4. The affiliate sees one visit (tracked once in that session) and one sale with 30 % pending.
  await expectFigure(affiliate, 'Your results', 'Sales', '1');
  await expect(figure(affiliate.getByLabel('Your results', { exact: true }), 'Visits')).toHaveText('1');
  await expect(figure(affiliate.getByLabel('Earnings in USD', { exact: true }), 'Pending')).toHaveText(COMMISSION);
  await shotsAtBothWidths(affiliate, 'affiliates-members-pending');

  // 5. The creator refunds it, and the commission disappears.
  await owner.goto('/dashboard/sales');
  await owner.getByRole('button', { name: `Refund ${PRODUCT} for ${firstBuyer.name}` }).click();
  const refund = owner.getByRole('alertdialog', { name: 'Refund this order' });
  await refund.getByRole('button', { name: 'Continue' }).click();
  await refund.getByRole('button', { name: `Refund $${PRICE}` }).click();
  await expect(owner.getByText(new RegExp(`^Refunded \\$${PRICE} to ${firstBuyer.name}`)).first()).toBeVisible();
  // Nothing is left to earn from it: the sale shows as cancelled and no earnings remain.
  await expect
    .poll(
      async () => {
        await affiliate.reload();
        await affiliate.getByRole('heading', { name: 'Commissions', exact: true }).waitFor();
        return affiliate.getByText('Cancelled · the sale was refunded').count();
      },
      { message: 'the commission is cancelled', timeout: 30_000 },
    )
    .toBe(1);
  await expect(affiliate.getByText('Nothing earned yet.', { exact: false })).toBeVisible();
  await expect(affiliate.getByLabel('Earnings in USD', { exact: true })).toHaveCount(0);

  // 6. A second referred sale passes the holding period on the store's test clock and is marked paid.
  const secondBuyer = { name: 'Ben Referred', email: uniqueEmail('referred-buyer') };
  await referredPurchase(browser, creator.slug, referralCode, secondBuyer);
  await expectFigure(affiliate, 'Earnings in USD', 'Pending', COMMISSION);

  await owner.goto('/dashboard/affiliates?tab=commissions');
  const clock = owner.getByRole('form', { name: 'Move the test clock' });
  await clock.getByLabel('Days to move forward').fill('14');
  await clock.getByRole('button', { name: 'Advance the test clock' }).click();
  await expect(owner.getByText(/^Moved 14 days forward\./)).toBeVisible();
  await expectFigure(affiliate, 'Earnings in USD', 'Payable', COMMISSION);
  await shotsAtBothWidths(owner, 'affiliates-commissions');

  await owner.goto('/dashboard/affiliates');
  const row = owner.getByRole('table', { name: 'Affiliates, with their visits, sales and commission' }).getByRole('row').filter({ hasText: partner.name });
  await expect(row).toContainText(referralCode);
  await shotsAtBothWidths(owner, 'affiliates-table');
  await row.getByRole('button', { name: `Mark paid: ${partner.name}` }).click();
  const pay = owner.getByRole('dialog', { name: `Mark ${COMMISSION} as paid to ${partner.name}?` });
  await pay.getByLabel('Note (optional)').fill('Bank transfer, November');
  await pay.getByRole('button', { name: `Mark ${COMMISSION} paid` }).click();
  await expect(pay).toBeHidden();

  await expectFigure(affiliate, 'Earnings in USD', 'Paid', COMMISSION);
  await expect(figure(affiliate.getByLabel('Earnings in USD', { exact: true }), 'Payable')).toHaveText('$0.00');
  await shotsAtBothWidths(affiliate, 'affiliates-members-paid');

  await affiliateContext.close();
  await ownerContext.close();
});

/** The page at both widths, never scrolling sideways, with screenshots. */
async function shotsAtBothWidths(page: Page, name: string) {
  for (const size of [PHONE, DESKTOP]) await expectLayoutAt(page, size, [], name);
}

import { expect, test } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { uniqueEmail, waitForCode } from '../support/mailbox.ts';
import { shotAtBothWidths, VIEWPORTS } from '../support/screens.ts';

const [PHONE, DESKTOP] = VIEWPORTS;

/**
 * The three membership screens with the test provider: the membership's page on the storefront,
 * joining a tier without a trial through the test provider's card page, the member's page in the
 * members area and the creator's members page (the member's row, its refund). Cancelling, trials,
 * renewals and failed cards are membership-journey.spec.ts's.
 */
test('a visitor joins a membership and sees it in the members area; the creator sees and refunds the member', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = await createStoreOwner(request, 'memberships');
  const product = await owner.call<{ id: string; slug: string }>('createProduct', { storeId: owner.storeId, type: 'membership', title: 'Studio Club', priceMode: 'fixed' });
  await owner.call('createMembershipTier', {
    storeId: owner.storeId,
    productId: product.id,
    name: 'Supporter',
    description: 'Behind-the-scenes notes every month.',
    benefits: ['Monthly studio notes', 'Members-only posts'],
    monthlyPriceCents: 900,
    yearlyPriceCents: 9000,
  });
  await owner.call('createMembershipTier', { storeId: owner.storeId, productId: product.id, name: 'Patron', monthlyPriceCents: 2000, trialDays: 7, setupFeeCents: 500, memberLimit: 20 });
  await owner.call('updateProduct', { storeId: owner.storeId, productId: product.id, status: 'published' });

  // 1. The membership's page on a phone.
  const visitorContext = await browser.newContext({ ...PHONE });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/${owner.slug}/p/${product.slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Studio Club' })).toBeVisible();
  await shotAtBothWidths(visitor, 'memberships-storefront');

  // 2. Joining from the product page: the tiers, a tier picked, the visitor's details, then the
  //    test provider's card page, which sends the member to sign up.
  const member = { name: 'Mia Member', email: uniqueEmail('member') };
  await expect(visitor.getByText('Monthly studio notes')).toBeVisible();
  await visitor.getByRole('radio', { name: /Supporter/ }).check();
  await visitor.getByLabel('Name', { exact: true }).fill(member.name);
  await visitor.getByLabel('Email', { exact: true }).fill(member.email);
  await visitor.getByRole('button', { name: 'Join Supporter' }).click();
  await expect(visitor).toHaveURL(/\/api\/memberships\/test-checkout\//);
  await visitor.getByLabel('Card number').fill('4242 4242 4242 4242');
  await visitor.getByLabel('Expiry (MM/YY)').fill('12/40');
  await visitor.getByLabel('CVC').fill('123');
  await visitor.getByLabel('Name on card').fill(member.name);
  await visitor.getByRole('button', { name: /^Pay/ }).click();
  await expect(visitor).toHaveURL(new RegExp(`/${owner.slug}/members/signup`));
  await visitor.getByLabel('Name', { exact: true }).fill(member.name);
  await visitor.getByLabel('Email', { exact: true }).fill(member.email);
  await visitor.getByLabel('Password', { exact: true }).fill('member-Password-7');
  await visitor.getByLabel('Confirm password').fill('member-Password-7');
  await visitor.getByRole('button', { name: 'Continue' }).click();
  const code = await waitForCode(request, member.email, { subject: /verification code/i });
  await visitor.getByLabel('Verification code').fill(code);
  await visitor.getByRole('button', { name: 'Verify and create account' }).click();

  // 3. The member's page: the tier, the price paid and the next charge.
  await visitor.getByRole('navigation', { name: 'Members area' }).getByRole('link', { name: 'Memberships' }).click();
  const card = visitor.getByRole('article', { name: 'Supporter' });
  await expect(card.getByText('$9.00 a month')).toBeVisible();
  await expect(card.getByText(/^Next charge \$9\.00 on /)).toBeVisible();
  await shotAtBothWidths(visitor, 'memberships-members-area');

  // 4. The creator's members page: the member's row, the refund's amount.
  const ownerContext = await signedInContext(browser, owner, { viewport: DESKTOP.viewport });
  const page = await ownerContext.newPage();
  await page.goto('/dashboard/products/members');
  const row = page.getByRole('row', { name: new RegExp(member.name) });
  await expect(row).toBeVisible();
  await expect(row.getByText(member.email)).toBeVisible();
  await expect(row.getByText('Supporter')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  // The lifetime value, the last charge and the next charge.
  await expect(row.getByText('$9.00', { exact: true })).toHaveCount(3);
  await shotAtBothWidths(page, 'memberships-dashboard-members');
  await row.getByRole('button', { name: `Refund last payment of ${member.email}` }).click();
  const refund = page.getByRole('alertdialog', { name: `Refund ${member.email}’s last payment?` });
  await expect(refund).toContainText('they pay $9.00/month');
  await shotAtBothWidths(page, 'memberships-dashboard-refund');
  await refund.getByRole('button', { name: 'Refund last payment' }).click();
  await expect(page.getByText(`Refunded $9.00 to ${member.email}.`, { exact: true })).toBeVisible();
  await expect(row.getByText('$0.00', { exact: true })).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('Ended');
  await expect(page.getByText('No members match these filters.')).toBeVisible();

  await visitorContext.close();
  await ownerContext.close();
});

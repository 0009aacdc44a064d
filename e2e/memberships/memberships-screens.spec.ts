import { expect, test } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { uniqueEmail, waitForCode } from '../support/mailbox.ts';
import { shotAtBothWidths, VIEWPORTS } from '../support/screens.ts';

const [PHONE, DESKTOP] = VIEWPORTS;

/**
 * The three membership screens with the test provider: the membership's page on the storefront,
 * joining through the test provider's card page, the member's page in the members area (cancel,
 * with the "until" date) and the creator's members page (the member's row, then its cancellation).
 */
test('a visitor joins a membership, sees it in the members area and cancels; the creator sees the member', async ({ browser, request }) => {
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

  // 3. The member's page: the tier, the next charge and the invoice; cancelling says until when.
  await visitor.getByRole('navigation', { name: 'Members area' }).getByRole('link', { name: 'Memberships' }).click();
  const card = visitor.getByRole('article', { name: 'Supporter' });
  await expect(card.getByText('$9.00 a month')).toBeVisible();
  await expect(card.getByText(/^Next charge \$9\.00 on /)).toBeVisible();
  await shotAtBothWidths(visitor, 'memberships-members-area');
  await card.getByRole('button', { name: 'Cancel membership' }).click();
  const dialog = visitor.getByRole('alertdialog', { name: 'Cancel Supporter?' });
  await expect(dialog.getByText(/^You keep access until \w{3} \d{1,2}, \d{4}\./)).toBeVisible();
  await dialog.getByLabel('Why are you leaving? (optional)').fill('Taking a break');
  await shotAtBothWidths(visitor, 'memberships-members-cancel');
  await dialog.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(card.getByText(/^Cancelled: you keep access until \w{3} \d{1,2}, \d{4}\.$/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Resume membership' })).toBeVisible();
  await expect(card.getByText(/^Next charge/)).toHaveCount(0);
  await shotAtBothWidths(visitor, 'memberships-members-cancelled');

  // 4. The creator's members page: the member's row, cancelling at period end, the refund's amount.
  const ownerContext = await signedInContext(browser, owner, { viewport: DESKTOP.viewport });
  const page = await ownerContext.newPage();
  await page.goto('/dashboard/products/members');
  const row = page.getByRole('row', { name: new RegExp(member.name) });
  await expect(row).toBeVisible();
  await expect(row.getByText(member.email)).toBeVisible();
  await expect(row.getByText('Supporter')).toBeVisible();
  await expect(row.getByText(/^cancels \w{3} \d{1,2}$/)).toBeVisible();
  // The lifetime value and the last charge.
  await expect(row.getByText('$9.00', { exact: true })).toHaveCount(2);
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

import { expect, test } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { joinAndSignUp } from '../support/memberships.ts';
import { shotAtBothWidths, VIEWPORTS } from '../support/screens.ts';

const [PHONE, DESKTOP] = VIEWPORTS;

/**
 * A member on a phone changes tier (the other tiers with their prices, the server's proration,
 * then confirm) and pauses until a date within the tier's longest pause, then resumes; the
 * creator's members page shows the row's period end and last charge.
 */
test('a member changes tier and pauses then resumes on a phone; the creator sees the row', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = await createStoreOwner(request, 'membership-changes');
  const product = await owner.call<{ id: string; slug: string }>('createProduct', { storeId: owner.storeId, type: 'membership', title: 'Studio Club', priceMode: 'fixed' });
  const tier = (name: string, monthlyPriceCents: number, extra: Record<string, unknown> = {}) =>
    owner.call('createMembershipTier', { storeId: owner.storeId, productId: product.id, name, monthlyPriceCents, pausable: true, ...extra });
  await tier('Supporter', 900, { benefits: ['Monthly studio notes'] });
  await tier('Patron', 2000, { benefits: ['Monthly studio notes', 'A print every quarter'], maxPauseDays: 30 });
  await tier('Founder', 5000, { yearlyPriceCents: 50_000, memberLimit: 1 });
  await owner.call('updateProduct', { storeId: owner.storeId, productId: product.id, status: 'published' });

  const visitorContext = await browser.newContext({ ...PHONE });
  const visitor = await visitorContext.newPage();
  const member = { name: 'Mia Member', email: uniqueEmail('changes') };
  await joinAndSignUp(visitor, request, { storeSlug: owner.slug, productSlug: product.slug, tierName: 'Supporter', member });
  await visitor.getByRole('navigation', { name: 'Members area' }).getByRole('link', { name: 'Memberships' }).click();

  // 1. Change tier: the other tiers with their prices, the proration, then confirm and pay.
  await visitor.getByRole('article', { name: 'Supporter' }).getByRole('button', { name: 'Change tier' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Change tier' });
  await expect(dialog.getByRole('radio', { name: /Patron/ })).toBeVisible();
  await expect(dialog.getByText('$20.00 a month')).toBeVisible();
  await expect(dialog.getByText('$50.00 a month')).toBeVisible();
  await dialog.getByRole('radio', { name: /Patron/ }).check();
  await expect(dialog.getByText('Charged now')).toBeVisible();
  await expect(dialog.getByText(/^Then \$20\.00 a month from /)).toBeVisible();
  await shotAtBothWidths(visitor, 'memberships-change-tier');
  await dialog.getByRole('button', { name: /^Confirm and pay \$/ }).click();
  const patron = visitor.getByRole('article', { name: 'Patron' });
  await expect(patron.getByText('$20.00 a month')).toBeVisible();
  await expect(patron.getByText(/^Next charge \$20\.00 on /)).toBeVisible();
  // The success toast goes before the next dialog opens (on a phone it sits over the dialog's buttons).
  await expect(visitor.getByText('You are now on Patron.')).toHaveCount(0, { timeout: 10_000 });

  // 2. Pause until a date within the tier's longest pause (30 days) after the confirmation: nothing
  //    charged, content closed; then resume sooner.
  await patron.getByRole('button', { name: 'Pause membership' }).click();
  const pause = visitor.getByRole('alertdialog', { name: 'Pause Patron?' });
  await expect(pause.getByText(/Nothing is charged while it is paused/)).toBeVisible();
  await shotAtBothWidths(visitor, 'memberships-pause-confirm');
  await expect(pause.getByText('This tier can be paused for up to 30 days: pick the day it resumes.')).toBeVisible();
  await expect(pause.getByRole('radio', { name: 'Until I resume it' })).toHaveCount(0);
  const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await pause.getByLabel('Resume on').fill(inTenDays);
  await shotAtBothWidths(visitor, 'memberships-pause-until-date');
  await pause.getByRole('button', { name: 'Pause membership' }).click();
  await expect(patron.getByText(/^Paused since \w{3} \d{1,2}, \d{4}, until \w{3} \d{1,2}, \d{4}\.$/)).toBeVisible();
  await expect(patron.getByText(/^Next charge/)).toHaveCount(0);
  await expect(patron.getByRole('button', { name: 'Cancel membership' })).toHaveCount(0);
  await shotAtBothWidths(visitor, 'memberships-paused');

  // 3. The creator's members page while paused: the state, since when, and the last charge.
  const ownerContext = await signedInContext(browser, owner, { viewport: DESKTOP.viewport });
  const page = await ownerContext.newPage();
  await page.goto('/dashboard/products/members');
  const row = page.getByRole('row', { name: new RegExp(member.name) });
  const status = row.getByRole('cell').filter({ hasText: /^Paused/ });
  await expect(status.getByText('Paused', { exact: true })).toBeVisible();
  await expect(status.getByText(/^since \w{3} \d{1,2}$/)).toBeVisible();
  await expect(row.getByText('Patron')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Last charge' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Period end' })).toBeVisible();
  await shotAtBothWidths(page, 'memberships-dashboard-paused');

  await patron.getByRole('button', { name: 'Resume membership' }).click();
  await expect(patron.getByText(/^Next charge \$20\.00 on /)).toBeVisible();
  await expect(patron.getByRole('button', { name: 'Pause membership' })).toBeVisible();

  // 4. Back on the creator's page: active again, with its period end.
  await page.reload();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByText('$9.00', { exact: true })).toBeVisible();

  await visitorContext.close();
  await ownerContext.close();
});

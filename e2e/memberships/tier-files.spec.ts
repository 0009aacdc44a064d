import { expect, test } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { joinAndSignUp } from '../support/memberships.ts';
import { shotAtBothWidths, VIEWPORTS } from '../support/screens.ts';

const [PHONE, DESKTOP] = VIEWPORTS;

/**
 * Files in a membership tier: the creator uploads a file on the membership (the product upload
 * route the Files section uses) and includes it in a tier from the editor; a member downloads it
 * from the members area; once the creator ends the membership, the same link is refused and the
 * members area lists the file locked.
 */
test('a tier’s file downloads while the membership lasts and locks when it ends', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = await createStoreOwner(request, 'tierfiles');
  const product = await owner.call<{ id: string; slug: string }>('createProduct', { storeId: owner.storeId, type: 'membership', title: 'Pattern Club', priceMode: 'fixed' });
  await owner.call('createMembershipTier', { storeId: owner.storeId, productId: product.id, name: 'Supporter', monthlyPriceCents: 900 });
  const uploaded = await owner.api.put(`/api/stores/${owner.storeId}/products/${product.id}/files`, {
    data: Buffer.from('%PDF-1.4 spring patterns'),
    headers: { 'Content-Type': 'application/pdf', 'X-File-Name': encodeURIComponent('Spring patterns.pdf') },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  await owner.call('updateProduct', { storeId: owner.storeId, productId: product.id, status: 'published' });

  // 1. The creator includes the file in the tier from the product editor.
  const ownerContext = await signedInContext(browser, owner, { viewport: DESKTOP.viewport });
  const editor = await ownerContext.newPage();
  await editor.goto(`/dashboard/products?edit=${product.id}`);
  await expect(editor.getByRole('region', { name: 'Files' }).getByText('Spring patterns.pdf')).toBeVisible();
  await editor.getByRole('button', { name: 'Files in Supporter' }).click();
  const dialog = editor.getByRole('dialog', { name: 'Files in “Supporter”' });
  await dialog.getByRole('checkbox', { name: 'Spring patterns.pdf' }).check();
  await shotAtBothWidths(editor, 'memberships-tier-files-dialog');
  await dialog.getByRole('button', { name: 'Save files' }).click();
  await expect(editor.getByText('Files: Spring patterns.pdf')).toBeVisible();
  await shotAtBothWidths(editor, 'memberships-tier-files-editor');

  // 2. A member downloads it from the members area.
  const memberContext = await browser.newContext({ ...PHONE });
  const page = await memberContext.newPage();
  await joinAndSignUp(page, request, { storeSlug: owner.slug, productSlug: product.slug, tierName: 'Supporter', member: { name: 'Mia Member', email: uniqueEmail('tierfiles') } });
  await page.getByRole('navigation', { name: 'Members area' }).getByRole('link', { name: 'Memberships' }).click();
  const files = page.getByRole('article', { name: 'Supporter' }).getByRole('region', { name: 'Files' });
  const link = files.getByRole('link', { name: 'Download Spring patterns.pdf' });
  await expect(link).toBeVisible();
  await shotAtBothWidths(page, 'memberships-tier-files-members-area');
  const href = (await link.getAttribute('href'))!;
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('Spring patterns.pdf');

  // 3. The creator ends the membership: the link handed out is refused, the file shows locked.
  const { members } = await owner.call<{ members: { id: string }[] }>('listMembers', { storeId: owner.storeId, productId: product.id });
  await owner.call('cancelMember', { storeId: owner.storeId, membershipId: members[0]!.id, when: 'now' });
  const refused = await request.get(href);
  expect(refused.status()).toBe(410);
  expect(await refused.text()).toContain('Your membership has ended, so its files are locked.');
  await page.reload();
  await expect(files.getByText('Locked: renew your membership to download these again.')).toBeVisible();
  await expect(files.getByRole('link')).toHaveCount(0);
  await shotAtBothWidths(page, 'memberships-tier-files-locked');
  await memberContext.close();
  await ownerContext.close();
});

import { crc32, deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { uniqueEmail, waitForMessage } from '../support/mailbox.ts';
import { joinAndSignUp } from '../support/memberships.ts';
import { shotAtBothWidths, VIEWPORTS } from '../support/screens.ts';

const [PHONE, DESKTOP] = VIEWPORTS;
const SECRET = 'The glaze recipe: two parts feldspar, one part silica.';

/** A small solid-colour PNG (the server re-encodes uploads, so it must be a real image). */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => [r, g, b][i % 3]!)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * Members-only posts: the creator writes a post for the upper tier in the dashboard and publishes
 * it with an image; the storefront lists its title locked; a lower-tier member sees it locked with
 * the tier to upgrade to, upgrades through the change-tier dialog and reads it, image included;
 * the creator then emails it to its tier's members and the member receives it.
 */
test('a creator writes a post for the upper tier; a lower-tier member sees it locked, upgrades and reads it', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const owner = await createStoreOwner(request, 'member-posts');
  const product = await owner.call<{ id: string; slug: string }>('createProduct', { storeId: owner.storeId, type: 'membership', title: 'Studio Club', priceMode: 'fixed' });
  const tier = (name: string, monthlyPriceCents: number) => owner.call('createMembershipTier', { storeId: owner.storeId, productId: product.id, name, monthlyPriceCents });
  await tier('Supporter', 900);
  await tier('Patron', 2000);
  await owner.call('updateProduct', { storeId: owner.storeId, productId: product.id, status: 'published' });

  // 1. The creator writes the post on Products › Posts, for Patron only, and publishes it.
  const ownerContext = await signedInContext(browser, owner, { viewport: DESKTOP.viewport });
  const page = await ownerContext.newPage();
  await page.goto('/dashboard/products/posts');
  await expect(page.getByText('No posts yet — write one for your members.')).toBeVisible();
  await page.getByRole('button', { name: 'New post' }).click();
  const form = page.getByRole('form', { name: 'New post' });
  await form.getByLabel('Title').fill('Glaze recipe');
  await form.getByRole('textbox', { name: 'Text' }).fill(SECRET);
  await form.getByRole('button', { name: 'Image' }).click();
  await form.getByLabel(/^Image \(PNG/).setInputFiles({ name: 'tiles.png', mimeType: 'image/png', buffer: solidPng(320, 160, [190, 120, 70]) });
  await form.getByLabel('Description (for screen readers)').fill('Test tiles after firing');
  await form.getByRole('button', { name: 'Insert image' }).click();
  await expect(form.getByRole('img', { name: 'Test tiles after firing' })).toBeVisible();
  await form.getByRole('checkbox', { name: 'All tiers (and tiers you add later)' }).uncheck();
  await form.getByRole('checkbox', { name: 'Patron' }).check();
  await shotAtBothWidths(page, 'member-posts-editor');
  await form.getByRole('button', { name: 'Save and publish' }).click();
  const posts = page.getByRole('list', { name: 'Posts' });
  await expect(posts.getByText('Glaze recipe')).toBeVisible();
  await expect(posts.getByText(/^Published \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(posts.getByText('For: Patron')).toBeVisible();
  await shotAtBothWidths(page, 'member-posts-dashboard');

  // 2. The storefront page lists the title, locked, and never the text.
  const visitorContext = await browser.newContext({ ...PHONE });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/${owner.slug}/p/${product.slug}`);
  const titles = visitor.getByRole('region', { name: 'Members-only posts' });
  await expect(titles.getByText('Glaze recipe')).toBeVisible();
  await expect(titles.getByText('Members only')).toBeVisible();
  await expect(visitor.getByText(SECRET)).toHaveCount(0);
  await titles.scrollIntoViewIfNeeded();
  await shotAtBothWidths(visitor, 'member-posts-storefront');

  // 3. A Supporter sees it locked, with the way to upgrade.
  const memberEmail = uniqueEmail('posts');
  await joinAndSignUp(visitor, request, { storeSlug: owner.slug, productSlug: product.slug, tierName: 'Supporter', member: { name: 'Mia Member', email: memberEmail } });
  await visitor.getByRole('navigation', { name: 'Members area' }).getByRole('link', { name: 'Memberships' }).click();
  const post = visitor.getByRole('listitem', { name: /Glaze recipe/ });
  const upgrade = post.getByRole('button', { name: 'Upgrade to Patron to read' });
  await expect(upgrade).toBeVisible();
  await expect(post.getByRole('button', { name: 'Read', exact: true })).toHaveCount(0);
  await post.scrollIntoViewIfNeeded();
  await shotAtBothWidths(visitor, 'member-posts-locked');

  // 4. Upgrading (the proration shown) opens it.
  await upgrade.click();
  const dialog = visitor.getByRole('dialog', { name: 'Change tier' });
  await dialog.getByRole('radio', { name: /Patron/ }).check();
  await expect(dialog.getByText('Charged now')).toBeVisible();
  await dialog.getByRole('button', { name: /^Confirm and pay \$/ }).click();
  await expect(visitor.getByRole('article', { name: 'Patron' })).toBeVisible();
  await post.getByRole('button', { name: 'Read', exact: true }).click();
  await expect(post.getByText(SECRET)).toBeVisible();
  await expect(post.getByRole('img', { name: 'Test tiles after firing' })).toBeVisible();
  await expect(visitor.getByText('You are now on Patron.')).toHaveCount(0, { timeout: 10_000 });
  await shotAtBothWidths(visitor, 'member-posts-open');

  // 5. The creator emails the post once; the dialog says how many it reaches; the member gets it.
  await owner.call('updateEmailSettings', { storeId: owner.storeId, fields: { postalAddress: 'Kiln Studio\n12 Clay Lane\nPortland, OR 97201\nUSA' } });
  await page.reload();
  await page.getByRole('button', { name: 'Send Glaze recipe by email' }).click();
  const send = page.getByRole('dialog', { name: 'Email “Glaze recipe” to its members?' });
  await expect(send.getByText(/It goes to 1 member/)).toBeVisible();
  await shotAtBothWidths(page, 'member-posts-email-confirm');
  await send.getByRole('button', { name: 'Send to 1 member' }).click();
  await expect(posts.getByText(/^Emailed to 1 member on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Glaze recipe by email' })).toHaveCount(0);
  const mail = await waitForMessage(request, memberEmail, /^Glaze recipe$/);
  expect(mail.html).toContain('two parts feldspar');

  // 6. The creator hides the titles: the store page, rendered by the server, names no post.
  await page.getByRole('switch', { name: /Show the titles of posts on your store page/ }).uncheck();
  await expect(page.getByRole('switch', { name: /Show the titles of posts/ })).not.toBeChecked();
  // Every server drops its cached page when it hears of the change (LISTEN/NOTIFY), a moment after the switch.
  const storePageNamesPost = async () => (await (await request.get(`/${owner.slug}/p/${product.slug}`)).text()).includes('Glaze recipe');
  await expect.poll(storePageNamesPost, { message: 'the store page stops naming the post' }).toBe(false);

  await visitorContext.close();
  await ownerContext.close();
});

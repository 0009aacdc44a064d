import { expect, test } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { joinAndSignUp } from '../support/memberships.ts';
import { shotAtBothWidths, VIEWPORTS } from '../support/screens.ts';

const [PHONE, DESKTOP] = VIEWPORTS;
const SECRET = 'The glaze recipe: two parts feldspar, one part silica.';

/**
 * Members-only posts: the creator writes a post for the upper tier in the dashboard and publishes
 * it; the storefront lists its title locked; a lower-tier member sees it locked with the tier to
 * upgrade to, upgrades through the change-tier dialog and reads it.
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
  await joinAndSignUp(visitor, request, { storeSlug: owner.slug, productSlug: product.slug, tierName: 'Supporter', member: { name: 'Mia Member', email: uniqueEmail('posts') } });
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
  await expect(visitor.getByText('You are now on Patron.')).toHaveCount(0, { timeout: 10_000 });
  await shotAtBothWidths(visitor, 'member-posts-open');

  await visitorContext.close();
  await ownerContext.close();
});

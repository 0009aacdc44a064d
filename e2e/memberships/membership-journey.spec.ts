import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createStoreOwner, signedInContext, type StoreOwner } from '../support/creators.ts';
import { readMailbox, uniqueEmail, type MailboxMessage } from '../support/mailbox.ts';
import { joinAndSignUp } from '../support/memberships.ts';
import { shotAtBothWidths, VIEWPORTS } from '../support/screens.ts';

const [PHONE, DESKTOP] = VIEWPORTS;
const DAY = 86_400_000;
const SECRET = 'The glaze recipe: two parts feldspar, one part silica.';
const DATE = String.raw`\w{3} \d{1,2}, \d{4}`;

/**
 * Moves the store's test clock just past `target` (a time on that clock) with the dashboard's own
 * control (Settings › Payments › Test clock: "+30 days", "+7 days", "+1 day"). Every date of a test
 * membership is a whole number of days from the moment it joined, and the clock only ever moves by
 * whole days here, so the whole days to `target` overshoot it by the minutes the test has run: past
 * it, and short of the next retry a day later. The clock's time is read from the API to count them.
 */
async function moveTestClockPast(owner: StoreOwner, panel: Locator, target: number): Promise<void> {
  const clock = await owner.call<{ now: string }>('getStoreTestClock', { storeId: owner.storeId });
  let days = Math.ceil((target - Date.parse(clock.now) + 1_000) / DAY);
  const moved = panel.getByRole('status');
  for (const [label, size] of [['+30 days', 30], ['+7 days', 7], ['+1 day', 1]] as const) {
    for (; days >= size; days -= size) {
      await panel.getByRole('button', { name: label }).click();
      await expect(moved).toHaveText(new RegExp(`^Moved ${label.slice(1)} forward\\.`));
    }
  }
}

/** The member's only membership as the creator's members list has it. */
async function theMember(owner: StoreOwner, productId: string) {
  const { members } = await owner.call<{ members: { id: string; status: string; periodEnd: string | null; nextCharge: { at: string } | null }[] }>('listMembers', { storeId: owner.storeId, productId });
  return members[0]!;
}

/** The messages to `to` whose subject matches, oldest first, once there are `count` of them (the clock's jobs send them). */
async function messages(request: APIRequestContext, to: string, subject: RegExp, count = 1): Promise<MailboxMessage[]> {
  let found: MailboxMessage[] = [];
  await expect
    .poll(
      async () => {
        found = (await readMailbox(request, to)).filter((message) => subject.test(message.subject)).reverse();
        return found.length;
      },
      { message: `${count} message(s) to ${to} matching ${subject}`, timeout: 60_000 },
    )
    .toBe(count);
  return found;
}

/** Reloads the members area until `locator` shows: the clock's jobs run in the server's worker. */
async function reloadUntilVisible(page: Page, locator: Locator): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(locator).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

/**
 * The memberships journey of the test provider, end to end: the creator (desktop) makes a
 * membership with two tiers, a 7-day trial on the lower one (the upper one pauses for up to 30
 * days), and a post for the upper tier; a
 * visitor (phone) joins the lower tier, sees the post locked, upgrades (the proration shown) and
 * reads it; the store's test clock moves past the trial and the first charge is made with a
 * receipt; a card that declines makes the next renewal fail (past due, an email with a link to fix
 * the card), a good card makes the retry pay (active); the member cancels at period end, keeps
 * reading until then, and is locked out after.
 */
test('a visitor joins, upgrades to read a post, renews, recovers from a failed card, cancels and is locked out', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const owner = await createStoreOwner(request, 'mjourney');
  const product = await owner.call<{ id: string; slug: string }>('createProduct', { storeId: owner.storeId, type: 'membership', title: 'Studio Club', priceMode: 'fixed' });

  // 1. The creator adds two tiers in the product editor, the lower with a 7-day trial, and publishes.
  const ownerContext = await signedInContext(browser, owner, { viewport: DESKTOP.viewport });
  const dashboard = await ownerContext.newPage();
  await dashboard.goto(`/dashboard/products?edit=${product.id}`);
  const tiers = dashboard.getByRole('region', { name: 'Tiers' });
  for (const tier of [
    { name: 'Supporter', monthly: '9', trial: '7', longestPause: '' },
    { name: 'Patron', monthly: '20', trial: '', longestPause: '30' },
  ]) {
    await tiers.getByRole('button', { name: 'Add tier' }).click();
    const dialog = dashboard.getByRole('dialog', { name: 'Add a tier' });
    await dialog.getByLabel('Name').fill(tier.name);
    await dialog.getByLabel('Monthly price (USD)').fill(tier.monthly);
    if (tier.trial) await dialog.getByLabel('Free trial (days)').fill(tier.trial);
    if (tier.longestPause) {
      await dialog.getByRole('switch', { name: 'Members can pause' }).click();
      await dialog.getByLabel('Longest pause (days)').fill(tier.longestPause);
      await shotAtBothWidths(dashboard, 'membership-journey-tier-dialog');
    }
    await dialog.getByRole('button', { name: 'Add tier' }).click();
    await expect(dialog).toBeHidden();
    await expect(tiers.getByText(tier.name, { exact: true })).toBeVisible();
  }
  await expect(tiers.getByText(/7-day free trial/)).toBeVisible();
  await expect(tiers.getByText(/Pauses up to 30 days/)).toBeVisible();
  await shotAtBothWidths(dashboard, 'membership-journey-tiers');
  await dashboard.getByRole('button', { name: 'Publish' }).click();
  await expect(dashboard.getByRole('button', { name: 'Unpublish' })).toBeVisible();

  // 2. The creator writes a post for Patron only on Products › Posts.
  await dashboard.goto('/dashboard/products/posts');
  await dashboard.getByRole('button', { name: 'New post' }).click();
  const form = dashboard.getByRole('form', { name: 'New post' });
  await form.getByLabel('Title').fill('Glaze recipe');
  await form.getByRole('textbox', { name: 'Text' }).fill(SECRET);
  await form.getByRole('checkbox', { name: 'All tiers (and tiers you add later)' }).uncheck();
  await form.getByRole('checkbox', { name: 'Patron' }).check();
  await form.getByRole('button', { name: 'Save and publish' }).click();
  await expect(dashboard.getByRole('list', { name: 'Posts' }).getByText('For: Patron')).toBeVisible();

  // 3. A visitor on a phone: the membership's page lists the post's title, locked, never its text;
  //    they join Supporter (the trial: nothing paid today) and see the post locked in the members area.
  const visitorContext = await browser.newContext({ ...PHONE });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/${owner.slug}/p/${product.slug}`);
  const titles = visitor.getByRole('region', { name: 'Members-only posts' });
  await expect(titles.getByText('Glaze recipe')).toBeVisible();
  await expect(titles.getByText('Members only')).toBeVisible();
  await expect(visitor.getByText(SECRET)).toHaveCount(0);
  await expect(visitor.getByText('7-day free trial').first()).toBeVisible();
  const member = { name: 'Mia Member', email: uniqueEmail('mjourney') };
  await joinAndSignUp(visitor, request, { storeSlug: owner.slug, productSlug: product.slug, tierName: 'Supporter', member });
  await visitor.getByRole('navigation', { name: 'Members area' }).getByRole('link', { name: 'Memberships' }).click();
  const supporter = visitor.getByRole('article', { name: 'Supporter' });
  await expect(supporter.getByText('Trialing', { exact: true })).toBeVisible();
  await expect(supporter.getByText(new RegExp(`^Free trial until ${DATE}$`))).toBeVisible();
  const post = visitor.getByRole('listitem', { name: /Glaze recipe/ });
  const upgrade = post.getByRole('button', { name: 'Upgrade to Patron to read' });
  await expect(upgrade).toBeVisible();
  await expect(visitor.getByText(SECRET)).toHaveCount(0);
  await shotAtBothWidths(visitor, 'membership-journey-locked');

  // 4. Upgrading from the post: the proration (nothing during a trial), then the post opens.
  await upgrade.click();
  const change = visitor.getByRole('dialog', { name: 'Change tier' });
  await change.getByRole('radio', { name: /Patron/ }).check();
  await expect(change.getByLabel('What changes now')).toContainText('Charged now$0.00');
  await expect(change.getByText(new RegExp(`^Then \\$20\\.00 a month from ${DATE}\\.$`))).toBeVisible();
  await shotAtBothWidths(visitor, 'membership-journey-upgrade');
  await change.getByRole('button', { name: 'Confirm', exact: true }).click();
  const patron = visitor.getByRole('article', { name: 'Patron' });
  await expect(patron.getByText(/^Next charge \$20\.00 on /)).toBeVisible();
  await post.getByRole('button', { name: 'Read', exact: true }).click();
  await expect(post.getByText(SECRET)).toBeVisible();
  await expect(visitor.getByText('You are now on Patron.')).toHaveCount(0, { timeout: 10_000 });

  // 5. The creator moves the test clock past the trial: the first charge, $20.00, with a receipt.
  await dashboard.goto('/dashboard/settings');
  const clock = dashboard.getByRole('region', { name: 'Test clock' });
  await expect(clock.getByText(/^The test clock shows real time\.$/)).toBeVisible();
  const trialing = await theMember(owner, product.id);
  // Half a day past the trial's end: well clear of it, a month short of the next renewal.
  await moveTestClockPast(owner, clock, Date.parse(trialing.periodEnd!) + DAY / 2);
  await shotAtBothWidths(dashboard, 'membership-journey-clock');
  await reloadUntilVisible(visitor, patron.getByText('Active', { exact: true }));
  const [receipt] = await messages(request, member.email, /^Your receipt for Studio Club — Patron$/);
  expect(receipt!.text).toContain('$20.00');
  await expect(patron.getByText(/^Free trial until/)).toHaveCount(0);

  // 6. A card that declines: the next renewal fails, past due, an email with the link to fix it.
  await patron.getByRole('button', { name: 'Update card' }).click();
  const card = visitor.getByRole('dialog', { name: 'Update your card' });
  const fillCard = async (number: string) => {
    await card.getByLabel('Card number').fill(number);
    await card.getByLabel('Expiry (MM/YY)').fill('12/40');
    await card.getByLabel('CVC').fill('123');
    await card.getByLabel('Name on card').fill(member.name);
    await card.getByRole('button', { name: /^Save/ }).click();
    await expect(card).toBeHidden();
  };
  await fillCard('4000 0000 0000 0341');
  const active = await theMember(owner, product.id);
  await moveTestClockPast(owner, clock, Date.parse(active.nextCharge!.at));
  const [failed] = await messages(request, member.email, /^Your payment for Studio Club — Patron failed$/);
  expect(failed!.text).toContain('Update your card');
  const fixLink = /https?:\/\/\S+\/members\/\S*/.exec(failed!.text)?.[0];
  expect(fixLink, 'the failed-payment email links to the members area').toBeTruthy();
  await visitor.goto(fixLink!);
  await visitor.getByRole('navigation', { name: 'Members area' }).getByRole('link', { name: 'Memberships' }).click();
  await expect(patron.getByText('Past due', { exact: true })).toBeVisible();
  await expect(patron.getByText(new RegExp(`^Your last payment failed\\. Update your card to keep access after ${DATE}\\.$`))).toBeVisible();
  await shotAtBothWidths(visitor, 'membership-journey-past-due');

  // 7. A good card: the next retry pays and the membership is active again.
  await patron.getByRole('button', { name: 'Update card' }).click();
  await fillCard('4242 4242 4242 4242');
  const pastDue = await theMember(owner, product.id);
  await moveTestClockPast(owner, clock, Date.parse(pastDue.nextCharge!.at));
  await reloadUntilVisible(visitor, patron.getByText('Active', { exact: true }));
  await expect(patron.getByText(/^Your last payment failed/)).toHaveCount(0);
  await messages(request, member.email, /^Your receipt for Studio Club — Patron$/, 2);

  // The creator's overview shows the membership's numbers below the fold (a lazy card): $20.00 a month from one member.
  await dashboard.goto('/dashboard');
  await dashboard.getByRole('region', { name: 'Next steps' }).scrollIntoViewIfNeeded();
  const numbers = dashboard.getByRole('region', { name: 'Memberships' });
  await expect(numbers).toBeVisible();
  await expect(numbers.getByText('Monthly recurring revenue').locator('..')).toContainText('$20.00');
  await expect(numbers.getByText('Active members').locator('..')).toContainText('1');
  await shotAtBothWidths(dashboard, 'membership-journey-overview');
  await dashboard.goto('/dashboard/settings');

  // Settings › Your data: the store's export names the member with their status and own price.
  const yourData = dashboard.getByRole('region', { name: 'Your data' });
  const [download] = await Promise.all([dashboard.waitForEvent('download'), yourData.getByRole('button', { name: 'Download store export' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${owner.slug}-export-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as { members: unknown[] };
  expect(exported.members).toEqual([expect.objectContaining({ email: member.email, status: 'active', priceCents: 2000, tier: expect.objectContaining({ name: 'Patron' }) })]);
  await expect(yourData.getByText('Downloaded, with 1 member.')).toBeVisible();
  await yourData.scrollIntoViewIfNeeded();
  await shotAtBothWidths(dashboard, 'settings-your-data');

  // 8. Cancelling at period end: access lasts until then (the post still reads), locked after.
  await patron.getByRole('button', { name: 'Cancel membership' }).click();
  const cancel = visitor.getByRole('alertdialog', { name: 'Cancel Patron?' });
  await expect(cancel.getByText(new RegExp(`^You keep access until ${DATE}\\.`))).toBeVisible();
  await cancel.getByLabel('Why are you leaving? (optional)').fill('Taking a break');
  await shotAtBothWidths(visitor, 'membership-journey-cancel');
  await cancel.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(patron.getByText(new RegExp(`^Cancelled: you keep access until ${DATE}\\.$`))).toBeVisible();
  await expect(patron.getByRole('button', { name: 'Resume membership' })).toBeVisible();
  await expect(patron.getByText(/^Next charge/)).toHaveCount(0);
  await messages(request, member.email, /^Your membership Studio Club — Patron is cancelled$/);
  await post.getByRole('button', { name: 'Read', exact: true }).click();
  await expect(post.getByText(SECRET)).toBeVisible();
  const cancelled = await theMember(owner, product.id);
  await moveTestClockPast(owner, clock, Date.parse(cancelled.periodEnd!));
  await reloadUntilVisible(visitor, patron.getByText('Your access has ended.'));
  await expect(patron.getByRole('link', { name: 'Renew from the store' })).toHaveAttribute('href', new RegExp(`/p/${product.slug}$`));
  await expect(post.getByText('Your access has ended.')).toBeVisible();
  await expect(post.getByRole('button', { name: 'Read', exact: true })).toHaveCount(0);
  await expect(visitor.getByText(SECRET)).toHaveCount(0);
  await shotAtBothWidths(visitor, 'membership-journey-ended');

  await visitorContext.close();
  await ownerContext.close();
});

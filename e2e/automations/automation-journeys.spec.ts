import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { checkOutWithTestCard } from '../support/buy-download.ts';
import { createStoreOwner, signedInContext, type StoreOwner } from '../support/creators.ts';
import { E2E_PORT } from '../support/hosts.ts';
import { readMailbox, uniqueEmail, waitForCode, waitForMessage, type MailboxMessage } from '../support/mailbox.ts';
import { createDownload } from '../support/products.ts';
import { shot, shotAtBothWidths, VIEWPORTS } from '../support/screens.ts';

const [PHONE, DESKTOP] = VIEWPORTS;
const DAY_MINUTES = 24 * 60;
const WELCOME = [/^Here is your free download$/, /^The one thing most people miss$/, /^Ready for the next step\?$/];
const REMINDER_1H = /^You left something behind$/;
const REMINDER_24H = /^Still thinking it over\?$/;

/**
 * Automations and the upsell end to end, each journey in its own store so each has its own test clock: the
 * lead-magnet welcome flow over two days of the clock (and an unsubscribe that stops it), the
 * abandoned checkout's reminders (the second never sent once paid), and the one-click upsell
 * accepted by one buyer and declined by another who takes the downsell instead, and a payment plan of three instalments whose
 * second fails and recovers. Data the journey is not about is made through
 * the functions, as in the other specs.
 */

/** A store that can send automation email (campaigns' postal-address rule) with a template's flow live. */
async function storeWithLiveFlow(request: APIRequestContext, prefix: string, template: string): Promise<{ owner: StoreOwner; automationId: string }> {
  const owner = await createStoreOwner(request, prefix);
  await owner.call('updateEmailSettings', { storeId: owner.storeId, fields: { postalAddress: 'Maple Studio\n12 Kiln Lane\nPortland, OR 97201\nUSA' } });
  const flow = await owner.call<{ id: string }>('createAutomation', { storeId: owner.storeId, template });
  await owner.call('setAutomationStatus', { storeId: owner.storeId, automationId: flow.id, status: 'live' });
  return { owner, automationId: flow.id };
}

/** Runs of the automation still active (waiting for a step). */
async function waiting(owner: StoreOwner, automationId: string): Promise<number> {
  const { automations } = await owner.call<{ automations: { id: string; totals: { entered: number; waiting: number } }[] }>('listAutomations', { storeId: owner.storeId });
  return automations.find((automation) => automation.id === automationId)?.totals.waiting ?? -1;
}

const subjectsTo = async (request: APIRequestContext, to: string, among: RegExp[]) =>
  (await readMailbox(request, to))
    .map((message) => message.subject)
    .filter((subject) => among.some((pattern) => pattern.test(subject)))
    .reverse();

const advance = (owner: StoreOwner, minutes: number) => owner.call('advanceStoreTestClock', { storeId: owner.storeId, minutes });

/** The unsubscribe link in an automation email's footer (the same as its List-Unsubscribe header). */
function unsubscribeLinkIn(message: MailboxMessage): string {
  const link = /https?:\/\/\S+\/e\/u\/[A-Za-z0-9_.~-]+/.exec(`${message.text}\n${message.html}`)?.[0];
  if (!link) throw new Error(`no unsubscribe link in "${message.subject}"`);
  return link;
}

/** A consenting claim of a free product over HTTP, as the product page's form posts it. */
async function claimFree(request: APIRequestContext, shop: { storeId: string; productId: string }, buyer: { name: string; email: string }): Promise<void> {
  const origin = `http://localhost:${E2E_PORT}`;
  const created = await request.post('/fn/createCheckout', {
    data: { data: { ...shop, ...buyer, marketingConsent: true, idempotencyKey: randomUUID() } },
    headers: { Origin: origin },
  });
  const body = (await created.json()) as { error?: unknown };
  expect(body.error, `createCheckout failed: ${JSON.stringify(body.error)}`).toBeUndefined();
}

/** On a product page: name, email and the marketing consent, then the form's button. */
async function fillCheckoutForm(page: Page, buyer: { name: string; email: string }, button: RegExp | string): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(buyer.name);
  await page.getByLabel('Email', { exact: true }).fill(buyer.email);
  await page.getByLabel('Email me about new products').check();
  await page.getByRole('button', { name: button }).click();
}

test('the lead-magnet welcome sends three emails over two days of the test clock; an unsubscribe after the first stops the rest', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { owner, automationId } = await storeWithLiveFlow(request, 'welcome', 'lead-magnet-welcome');
  const product = await owner.call<{ id: string; slug: string }>('createProduct', { storeId: owner.storeId, type: 'lead-magnet', priceMode: 'free', title: 'Glaze Cheat Sheet' });
  const uploaded = await owner.api.put(`/api/stores/${owner.storeId}/products/${product.id}/files`, {
    data: Buffer.from('the cheat sheet'),
    headers: { 'Content-Type': 'application/pdf', 'X-File-Name': 'cheat-sheet.pdf' },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  await owner.call('updateProduct', { storeId: owner.storeId, productId: product.id, status: 'published' });

  // 1. A visitor on a phone claims the freebie with consent: the first email arrives at once.
  const visitorContext = await browser.newContext({ ...PHONE });
  const visitor = await visitorContext.newPage();
  const reader = { name: 'Ada Reader', email: uniqueEmail('welcome-reader') };
  await visitor.goto(`/${owner.slug}/p/${product.slug}`);
  await fillCheckoutForm(visitor, reader, 'Get it free');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Here’s your free download' })).toBeVisible();
  await waitForMessage(request, reader.email, WELCOME[0]!);

  // 2. A second contact joins, gets the first email and unsubscribes through its link.
  const leaver = { name: 'Lee Leaver', email: uniqueEmail('welcome-leaver') };
  await claimFree(request, { storeId: owner.storeId, productId: product.id }, leaver);
  const first = await waitForMessage(request, leaver.email, WELCOME[0]!);
  await visitor.goto(unsubscribeLinkIn(first));
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  expect(await waiting(owner, automationId)).toBe(2);

  // 3. A day on the store's test clock: the reader gets the second email; the leaver's run ends.
  await advance(owner, DAY_MINUTES + 1);
  await waitForMessage(request, reader.email, WELCOME[1]!);
  await expect.poll(() => waiting(owner, automationId)).toBe(1);

  // 4. Another day: the third email; nobody is left waiting.
  await advance(owner, DAY_MINUTES + 1);
  await waitForMessage(request, reader.email, WELCOME[2]!);
  await expect.poll(() => waiting(owner, automationId)).toBe(0);
  expect(await subjectsTo(request, reader.email, WELCOME)).toEqual(['Here is your free download', 'The one thing most people miss', 'Ready for the next step?']);
  expect(await subjectsTo(request, leaver.email, WELCOME)).toEqual(['Here is your free download']);
  await visitorContext.close();
  await owner.api.dispose();
});

test('an abandoned checkout gets the 1 h reminder and, once paid, not the 24 h one', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { owner, automationId } = await storeWithLiveFlow(request, 'abandoned', 'abandoned-checkout');
  const product = await createDownload(owner, { title: 'Kiln Logbook', priceCents: 1900 });

  // 1. A buyer starts checking out with consent and leaves at the card page.
  const buyerContext = await browser.newContext({ viewport: DESKTOP.viewport });
  const buyerPage = await buyerContext.newPage();
  const buyer = { name: 'Cal Checkout', email: uniqueEmail('abandoner') };
  await buyerPage.goto(`/${owner.slug}/p/${product.slug}`);
  await fillCheckoutForm(buyerPage, buyer, /Buy|Pay|Checkout/i);
  await expect(buyerPage.getByText(/TEST MODE/)).toBeVisible();
  // A second consenting checkout, started later and never paid: its 24 h reminder falls due after the buyer's.
  const stayer = { name: 'Sam Stayer', email: uniqueEmail('abandoner-unpaid') };
  const created = await request.post('/fn/createCheckout', {
    data: { data: { storeId: owner.storeId, productId: product.id, ...stayer, marketingConsent: true, idempotencyKey: randomUUID() } },
    headers: { Origin: `http://localhost:${E2E_PORT}` },
  });
  expect(((await created.json()) as { error?: unknown }).error).toBeUndefined();

  // 2. An hour on the store's test clock: both get the first reminder.
  await advance(owner, 61);
  const reminder = await waitForMessage(request, buyer.email, REMINDER_1H);
  expect(reminder.text).toContain('Your checkout is waiting for you');
  await waitForMessage(request, stayer.email, REMINDER_1H);

  // 3. The buyer comes back and pays: the run ends at once.
  await buyerPage.getByLabel('Card number').fill('4242 4242 4242 4242');
  await buyerPage.getByLabel('Expiry (MM/YY)').fill('12/34');
  await buyerPage.getByLabel('CVC').fill('123');
  const nameOnCard = buyerPage.getByLabel('Name on card');
  if ((await nameOnCard.count()) > 0) await nameOnCard.fill(buyer.name);
  await buyerPage.getByRole('button', { name: /^Pay/ }).click();
  await expect(buyerPage.getByRole('heading', { name: 'Thanks for your purchase!' })).toBeVisible();
  await expect.poll(() => waiting(owner, automationId)).toBe(1);

  // 4. A day later on the clock the unpaid checkout gets the second reminder; the buyer never does.
  await advance(owner, DAY_MINUTES);
  await waitForMessage(request, stayer.email, REMINDER_24H);
  await expect.poll(() => waiting(owner, automationId)).toBe(0);
  expect(await subjectsTo(request, buyer.email, [REMINDER_1H, REMINDER_24H])).toEqual(['You left something behind']);
  await buyerContext.close();
  await owner.api.dispose();
});

test('a buyer accepts the one-click upsell and pays once for each product; another declines it and takes the downsell', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const owner = await createStoreOwner(request, 'upsell');
  const main = await createDownload(owner, { title: 'Glazing Basics', priceCents: 2000 });
  const offered = await createDownload(owner, { title: 'Advanced Firing', priceCents: 3000 });
  await owner.call('updateProduct', { storeId: owner.storeId, productId: main.id, upsellProductId: offered.id, upsellPriceCents: 1500, upsellHeadline: null, downsellProductId: offered.id, downsellPriceCents: 900 });
  const ordersOf = async (email: string) =>
    (await owner.call<{ orders: { customer: { email: string }; product: { title: string }; amountCents: number; status: string }[] }>('listOrders', { storeId: owner.storeId })).orders
      .filter((order) => order.customer.email === email.toLowerCase())
      .map((order) => `${order.product.title} ${order.amountCents} ${order.status}`)
      .sort();
  const receipts = async (email: string) => (await readMailbox(request, email)).filter((message) => /receipt/i.test(message.subject)).length;

  // 1. A buyer on a phone pays, then takes the offer with one click: a combined thank-you.
  const phone = await browser.newContext({ ...PHONE });
  const accepter = await phone.newPage();
  const yes = { name: 'Yara Yes', email: uniqueEmail('upsell-yes') };
  await accepter.goto(`/${owner.slug}/p/${main.slug}`);
  await checkOutWithTestCard(accepter, yes);
  const offer = accepter.getByRole('region', { name: 'Add Advanced Firing to your order?' });
  await expect(offer.getByText('Charged to the card you just used')).toBeVisible();
  await shot(accepter, 'upsell-offer');
  await offer.getByRole('button', { name: 'Yes, add it — one click ($15)' }).click();
  await expect(accepter.getByRole('heading', { name: 'Thank you! Both orders are confirmed' })).toBeVisible();
  const orders = accepter.getByRole('list', { name: 'Your orders' }).locator(':scope > li');
  await expect(orders).toHaveText([/^Glazing Basics\s*\$20/, /^Advanced Firing\s*\$15/]);
  await expect(orders.nth(1).getByRole('link', { name: 'Download advanced-firing.pdf' })).toBeVisible();
  await expect(offer).toHaveCount(0);
  await shot(accepter, 'upsell-accepted');
  await expect.poll(() => receipts(yes.email)).toBe(2);
  expect(await ordersOf(yes.email)).toEqual(['Advanced Firing 1500 paid', 'Glazing Basics 2000 paid']);

  // 2. A second buyer says no thanks: the offer closes and the downsell (the same product, for less) takes its place; one click buys it.
  const desktop = await browser.newContext({ viewport: DESKTOP.viewport });
  const decliner = await desktop.newPage();
  const no = { name: 'Nico No', email: uniqueEmail('upsell-no') };
  await decliner.goto(`/${owner.slug}/p/${main.slug}`);
  await checkOutWithTestCard(decliner, no);
  await decliner.getByRole('button', { name: 'No thanks' }).click();
  await expect(decliner.getByRole('region', { name: 'Add Advanced Firing to your order?' })).toHaveCount(0);
  const instead = decliner.getByRole('region', { name: 'How about Advanced Firing instead?' });
  await expect(instead.getByText('Charged to the card you just used')).toBeVisible();
  await expect(decliner.getByRole('list', { name: 'Your order', exact: true }).locator(':scope > li')).toHaveText([/^Glazing Basics\s*\$20/]);
  await shotAtBothWidths(decliner, 'upsell-declined-downsell');
  await instead.getByRole('button', { name: 'Yes, add it — one click ($9)' }).click();
  await expect(decliner.getByRole('heading', { name: 'Thank you! Both orders are confirmed' })).toBeVisible();
  await expect(decliner.getByRole('list', { name: 'Your orders' }).locator(':scope > li')).toHaveText([/^Glazing Basics\s*\$20/, /^Advanced Firing\s*\$9/]);
  await expect(instead).toHaveCount(0);
  await shot(decliner, 'downsell-accepted');
  await expect.poll(() => receipts(no.email)).toBe(2);
  expect(await ordersOf(no.email)).toEqual(['Advanced Firing 900 paid', 'Glazing Basics 2000 paid']);
  await phone.close();
  await desktop.close();
  await owner.api.dispose();
});

/** The test card page's form: a card number, then Pay. */
async function payOnCardPage(page: Page, number: string, name: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  const nameOnCard = page.getByLabel('Name on card');
  if ((await nameOnCard.count()) > 0) await nameOnCard.fill(name);
  await page.getByRole('button', { name: /^Pay/ }).click();
}

test('a payment plan of 3 charges, with the second failing and recovering', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const owner = await createStoreOwner(request, 'plan');
  const product = await createDownload(owner, { title: 'Wheel Throwing', priceCents: 29_700 });
  await owner.call('updateProduct', { storeId: owner.storeId, productId: product.id, planInstalments: 3 });
  const planOf = async () => {
    const { orders } = await owner.call<{ orders: { id: string }[] }>('listOrders', { storeId: owner.storeId });
    return (await owner.call<{ plan: { nextAttemptAt: string | null; status: string } }>('getOrderPaymentPlan', { storeId: owner.storeId, orderId: orders[0]!.id })).plan;
  };
  /** Moves the store's clock a minute past `at`, where the plan's next charge or retry falls. */
  const advancePast = async (at: string) => {
    const { now } = await owner.call<{ now: string }>('getStoreTestClock', { storeId: owner.storeId });
    await advance(owner, Math.ceil((Date.parse(at) - Date.parse(now)) / 60_000) + 1);
  };

  // 1. The buyer chooses the plan on the product page and pays the first instalment.
  const context = await browser.newContext({ viewport: DESKTOP.viewport });
  const page = await context.newPage();
  const buyer = { name: 'Pia Plan', email: uniqueEmail('plan') };
  await page.goto(`/${owner.slug}/p/${product.slug}`);
  await expect(page.getByRole('radio', { name: 'Pay in full $297' })).toBeChecked();
  await page.getByRole('radio', { name: '3 × $99 monthly (total $297)' }).check();
  await shotAtBothWidths(page, 'payment-plan-checkout');
  await page.getByLabel('Name', { exact: true }).fill(buyer.name);
  await page.getByLabel('Email', { exact: true }).fill(buyer.email);
  await page.getByRole('button', { name: /Buy|Pay|Checkout/i }).click();
  await expect(page.getByText(/\$99/).first()).toBeVisible();
  await payOnCardPage(page, '4242 4242 4242 4242', buyer.name);
  await expect(page.getByRole('heading', { name: 'Thanks for your purchase!' })).toBeVisible();

  // 2. The buyer's account in the members area shows the plan.
  await page.goto(`/${owner.slug}/members/signup`);
  await page.getByLabel('Name', { exact: true }).fill(buyer.name);
  await page.getByLabel('Email', { exact: true }).fill(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill('member-Password-7');
  await page.getByLabel('Confirm password').fill('member-Password-7');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Verification code').fill(await waitForCode(request, buyer.email, { subject: /verification code/i }));
  await page.getByRole('button', { name: 'Verify and create account' }).click();
  const plan = page.getByRole('article', { name: 'Wheel Throwing' });
  const instalment = (n: number) => plan.getByRole('listitem').filter({ hasText: `Instalment ${n}:` });
  await expect(instalment(1)).toContainText('Paid');
  await expect(instalment(2)).toContainText('Due');
  const updateCard = async (number: string) => {
    await plan.getByRole('button', { name: 'Update card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update your card' });
    await dialog.getByLabel('Card number').fill(number);
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/40');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByLabel('Name on card').fill(buyer.name);
    await dialog.getByRole('button', { name: /^Save/ }).click();
    await expect(dialog).toBeHidden();
  };

  // 3. A card that declines: the second instalment fails, with the email to fix the card.
  await updateCard('4000 0000 0000 0341');
  await advancePast((await planOf()).nextAttemptAt!);
  const failed = await waitForMessage(request, buyer.email, /^Your instalment for Wheel Throwing failed$/);
  expect(failed.text).toContain(`/${owner.slug}/members`);
  await expect(async () => {
    await page.reload();
    await expect(plan.getByText('Payment failed', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(instalment(2)).toContainText('Failed — next try');
  await shotAtBothWidths(page, 'payment-plan-past-due');

  // 4. A good card: the next retry pays it; a month on, the third completes the plan.
  await updateCard('4242 4242 4242 4242');
  await advancePast((await planOf()).nextAttemptAt!);
  await waitForMessage(request, buyer.email, /^Instalment 2 of 3: Wheel Throwing$/);
  await advancePast((await planOf()).nextAttemptAt!);
  await waitForMessage(request, buyer.email, /^Your plan for Wheel Throwing is paid in full$/);
  await page.reload();
  await expect(plan.getByText('Paid in full', { exact: true })).toBeVisible();

  // 5. The creator's Sales page names the plan and each instalment's state.
  const dashboard = await (await signedInContext(browser, owner, { viewport: DESKTOP.viewport })).newPage();
  await dashboard.goto('/dashboard/sales');
  await dashboard.getByText(/^Payment plan: 3 × \$99\.00/).click();
  const lines = dashboard.getByRole('list', { name: `Instalments of Wheel Throwing for ${buyer.name}` }).locator(':scope > li');
  await expect(lines).toHaveText([/^Instalment 1\s*Paid/, /^Instalment 2\s*Paid/, /^Instalment 3\s*Paid/]);
  await shotAtBothWidths(dashboard, 'payment-plan-sales');
  await context.close();
  await dashboard.context().close();
  await owner.api.dispose();
});

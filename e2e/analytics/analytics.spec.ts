import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { checkOutWithTestCard } from '../support/buy-download.ts';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/layout.ts';
import { flagOn } from '../support/platform-admin.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { cents, createDownload } from '../support/products.ts';

const PRODUCT = 'Glaze Guide';
const PRICE = '9.00';
const LINK = { title: 'Studio newsletter', url: 'https://example.com/newsletter' };
const CAMPAIGN_QUERY = 'utm_source=newsletter&utm_campaign=launch';
const REFERRER = 'https://instagram.com/';
const GOOGLEBOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
/** The KPI labels the analytics screen shows (each a term with its value in the next definition). */
const KPIS = ['Visitors', 'Page views', 'Link clicks', 'Sales', 'Revenue'] as const;
type Kpis = Record<(typeof KPIS)[number], string>;

/** The link block's destination, answered here: no network, and the visitor's page can leave for it. */
async function stubLinkDestination(context: BrowserContext) {
  await context.route('https://example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Newsletter</title><h1>Newsletter</h1>' }),
  );
}

/** Waits until the published storefront (read as JSON, which is not a page view) has the product and the link. */
async function waitForPublished(request: APIRequestContext, slug: string) {
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/storefront?slug=${encodeURIComponent(slug)}`);
        if (!response.ok()) return 'not yet';
        const data = (await response.json()) as { products: { title: string }[]; store: { profile: { links: { title: string }[] } } };
        const hasProduct = data.products.some((product) => product.title === PRODUCT);
        const hasLink = data.store.profile.links.some((link) => link.title === LINK.title);
        return hasProduct && hasLink ? 'published' : 'not yet';
      },
      { message: 'the store is published with the product and the link block', timeout: 20_000 },
    )
    .toBe('published');
}

/**
 * One visit as a person makes it: arrives from Instagram on a campaign link, opens the product in
 * place, goes back, and leaves through the link block. Every step is checked to happen in place
 * (no reload), so the server counts only the first page and the beacon the rest.
 */
async function visit(browser: Browser, slug: string, options: { userAgent?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await stubLinkDestination(context);
  const page = await context.newPage();
  await page.goto(`/${slug}?${CAMPAIGN_QUERY}`, { referer: REFERRER });
  await expect(page.locator('#storefront-root')).toHaveAttribute('data-hydrated', 'true');
  // A mark on the page's window: a reload would clear it.
  await page.evaluate(() => Object.assign(window, { visitMark: 'same page' }));
  const mark = () => page.evaluate(() => (window as unknown as { visitMark?: string }).visitMark);

  await page.getByRole('link', { name: new RegExp(PRODUCT) }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${slug}/p/[^/?]+$`));
  expect(await mark()).toBe('same page');

  await page.goBack();
  await expect(page.getByRole('link', { name: new RegExp(LINK.title) })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${slug}\\?${CAMPAIGN_QUERY}$`));
  expect(await mark()).toBe('same page');

  await page.getByRole('link', { name: new RegExp(LINK.title) }).click();
  await expect(page).toHaveURL(LINK.url);
  await expect(page.getByRole('heading', { name: 'Newsletter' })).toBeVisible();
  return context;
}

/** The value shown for a KPI label, or '' when the screen shows no totals (the empty state). */
async function kpi(page: Page, label: string): Promise<string> {
  const value = page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
  return (await value.count()) > 0 ? (await value.first().innerText()).trim() : '';
}

/** Reloads the analytics screen (it keeps the period in its address), unless just opened, and reads the KPIs. */
async function readKpis(page: Page, { reload = true } = {}): Promise<Kpis> {
  if (reload) await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  // The totals, or the empty state when nothing is recorded yet: either is a loaded screen (a
  // failure here fails the poll, so it waits as long as a slow machine needs).
  const totals = page.getByRole('term').filter({ hasText: /^Visitors$/ });
  await expect(totals.or(page.getByRole('heading', { name: 'No visits yet — share your store link' })).first()).toBeVisible({ timeout: 20_000 });
  const entries = await Promise.all(KPIS.map(async (label) => [label, await kpi(page, label)] as const));
  return Object.fromEntries(entries) as Kpis;
}

/** Polls the dashboard until the KPIs named in `expected` read so (events are flushed about every second). */
async function expectKpis(page: Page, expected: Partial<Kpis>, message: string) {
  await expect
    .poll(
      async () => {
        const read = await readKpis(page);
        return Object.fromEntries(Object.keys(expected).map((label) => [label, read[label as keyof Kpis]]));
      },
      { message, timeout: 45_000, intervals: [250, 500, 1_000] },
    )
    .toEqual(expected);
}

/** A breakdown table's row, by the table's caption and the row's header cell. */
const tableRow = (page: Page, caption: string | RegExp, value: string) =>
  page.getByRole('table', { name: caption, exact: true }).getByRole('rowheader', { name: value, exact: true });

/**
 * The acceptance journey: a person's visit (from Instagram, on a campaign link: landing, product in
 * place, back, link block) and a bot's identical visit; the creator sees exactly the person, with
 * the referrer and UTM of the visit; the owner's own previews change nothing; a purchase shows as a
 * sale with its revenue.
 */
test('the creator sees the human visit with its source, not the bot nor their own previews, and the sale', async ({ browser, request }) => {
  test.setTimeout(300_000);

  // 0. A creator with a published store: a digital product and a link block (made through the
  // functions the product editor and the builder call; those screens have their own journeys).
  const creator = await createStoreOwner(request, 'analytics');
  await createDownload(creator, { title: PRODUCT, priceCents: cents(PRICE), file: { name: 'glaze-guide.pdf', bytes: randomBytes(2048) } });
  const profile = {
    name: creator.storeName,
    description: '',
    avatarUrl: null,
    socialLinks: [],
    links: [{ id: 'newsletter', title: LINK.title, url: LINK.url }],
    theme: 'mocha-mood',
    themeOverrides: { colors: {} },
    productLayout: { order: [], hidden: [] },
  };
  await creator.call('saveStoreDraft', { storeId: creator.storeId, profile });
  await creator.call('publishStoreDraft', { storeId: creator.storeId });
  await waitForPublished(request, creator.slug);
  const ownerContext = await signedInContext(browser, creator, { viewport: { width: 1280, height: 900 } });
  await stubLinkDestination(ownerContext);
  const owner = await ownerContext.newPage();

  // Nothing yet: a new store's analytics are empty.
  await owner.goto('/dashboard/analytics');
  await expect(owner.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await owner.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Today' }).click();
  await expect(owner).toHaveURL(/[?&]period=today/);

  // 1. A person visits in a fresh browser context…
  const visitor = await visit(browser, creator.slug);
  // 2. …and a bot does the same.
  const bot = await visit(browser, creator.slug, { userAgent: GOOGLEBOT });
  await bot.close();

  // 3. The creator sees exactly the person: one visitor, three page views (landing, product,
  // landing again), one link click, with the referrer and the campaign of the visit.
  await expectKpis(owner, { Visitors: '1', 'Page views': '3', 'Link clicks': '1', Sales: '0' }, 'the human visit on the dashboard');
  await expect(tableRow(owner, 'Referrers', 'instagram.com')).toBeVisible();
  await expect(tableRow(owner, 'UTM sources', 'newsletter')).toBeVisible();
  await expect(tableRow(owner, 'UTM campaigns', 'launch')).toBeVisible();
  await expect(tableRow(owner, /^Top links/, LINK.title)).toBeVisible();

  // 4. The owner's own previews count for nothing: the builder's preview pane, and the store
  // opened from the builder's "Preview" (?preview=true), where the owner also clicks the link block.
  await owner.goto('/dashboard/store-builder');
  await expect(owner.getByTestId('builder-preview').getByRole('heading', { level: 1 })).toBeVisible();
  const [preview] = await Promise.all([ownerContext.waitForEvent('page'), owner.getByRole('link', { name: /^Preview/ }).click()]);
  await expect(preview).toHaveURL(new RegExp(`/${creator.slug}\\?preview=true$`));
  await expect(preview.locator('#storefront-root')).toHaveAttribute('data-hydrated', 'true');
  await expect(preview.getByText('Preview — not published')).toBeVisible();
  await preview.getByRole('link', { name: new RegExp(LINK.title) }).click();
  await expect(preview).toHaveURL(LINK.url);
  await preview.close();
  await owner.goto('/dashboard/analytics?period=today');
  expect(await readKpis(owner, { reload: false })).toMatchObject({ Visitors: '1', 'Page views': '3', 'Link clicks': '1' });

  // 5. The person comes back and buys the product with the test card: one sale with its revenue.
  const shopper = await visitor.newPage();
  await shopper.goto(`/${creator.slug}`);
  await shopper.getByRole('link', { name: new RegExp(PRODUCT) }).first().click();
  await expect(shopper.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  await checkOutWithTestCard(shopper, { name: 'Ana Visitor', email: uniqueEmail('analytics-buyer') });
  await visitor.close();

  // The shopper's two page views (the landing, the product in place) and the sale reached the
  // server after the previews, so once they show, the previews would have too: still one link click,
  // and five page views, prove the owner's previews counted for nothing (no waiting on the clock).
  await expectKpis(owner, { Visitors: '1', 'Page views': '5', 'Link clicks': '1', Sales: '1', Revenue: `$${PRICE}` }, 'the sale on the dashboard');

  await screensFitThePhone(owner, 'analytics-today');

  // With advanced analytics on (an admin's platform flag): the funnel and the sale's source.
  const restoreAdvanced = await flagOn('advancedAnalytics', 'e2e analytics: advanced on');
  try {
    await owner.reload();
    // The funnel's caption carries its description, so it is found by how the name begins.
    const funnel = owner.getByRole('table', { name: /^Funnel:/ });
    await expect(funnel).toBeVisible({ timeout: 15_000 });
    // The one person went all the way: one visitor at the first step and one at the last.
    const visitorsAt = (step: string) => funnel.getByRole('row').filter({ has: owner.getByRole('rowheader', { name: step }) }).getByRole('cell').first();
    await expect(visitorsAt('Viewed the store')).toHaveText('1');
    await expect(visitorsAt('Bought')).toHaveText('1');
    await expect(tableRow(owner, 'Revenue by referrer', 'instagram.com')).toBeVisible();
    await screensFitThePhone(owner, 'analytics-advanced');
  } finally {
    await restoreAdvanced();
  }
  await ownerContext.close();
});

/** The analytics screen at both widths (wide tables scroll inside their cards; the page never sideways), with screenshots. */
async function screensFitThePhone(owner: Page, name: string): Promise<void> {
  const heading = owner.getByRole('heading', { level: 1, name: 'Analytics' });
  for (const size of [PHONE, DESKTOP]) await expectLayoutAt(owner, size, [heading], name);
}

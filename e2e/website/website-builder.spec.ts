import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { checkOutWithTestCard } from '../support/buy-download.ts';
import { publishTxtRecord } from '../support/dns.ts';
import { E2E_HOSTS, urlOn } from '../support/hosts.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { createStoreOwner, signedInContext, type StoreOwner } from '../support/creators.ts';
import { shot } from '../support/screens.ts';
import { flagOn, switchFlag } from '../support/platform-admin.ts';
import { callFn, createPaidDownload, fnAnswer, visitUntil, type WebsitePageSummary } from './website-fixtures.ts';

/**
 * The website builder's acceptance journey, one creator's site from start to finish (serial: each step starts where
 * the last one left off): the site built by drag and drop in Puck and published; a visitor
 * navigating it, signing up for email and buying from the product grid; the sign-up in the
 * store's audience; the site on a verified custom domain beside its members area; a restored
 * version; and the whole feature refused once the websiteBuilder flag is off.
 */

const canvas = (page: Page) => page.frameLocator('#preview-frame');

/**
 * Drags a block (by its type) from Puck's drawer to the bottom of the canvas with the mouse, in steps, the way
 * a person does (Puck's drag and drop listens to pointer events, so a synthetic drop would not do).
 */
async function dragBlock(page: Page, type: string) {
  const item = page.getByTestId(`drawer-item:${type}`);
  // Puck re-renders its drawer while the previous drop settles: retry until the item holds still.
  await expect(async () => item.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  const from = await item.boundingBox();
  // The page's own drop zone inside the canvas (its nested Columns zones come later in the DOM).
  const zone = await canvas(page).locator('[data-puck-dropzone]').first().boundingBox();
  if (!from || !zone) throw new Error(`no drawer item ${type} or no drop zone`);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, { steps: 4 });
  // Just inside the zone's bottom edge, below the middle of its last block: the block lands last.
  const to = { x: zone.x + zone.width / 2, y: zone.y + zone.height - 3 };
  await page.mouse.move(to.x, to.y, { steps: 25 });
  await page.mouse.move(to.x, to.y + 4, { steps: 2 });
  await page.mouse.up();
}

async function publishAndWait(page: Page, title: string) {
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(`“${title}” is live.`).first()).toBeVisible();
}

async function createPage(page: Page, title: string, slug: string) {
  await page.getByRole('button', { name: 'New page' }).click();
  const dialog = page.getByRole('dialog', { name: 'New page' });
  await dialog.getByLabel('Title').fill(title);
  await expect(dialog.getByLabel('Page URL')).toHaveValue(slug);
  await dialog.getByRole('button', { name: 'Create page' }).click();
  await expect(page).toHaveURL(`/dashboard/website-builder/page/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

const PRODUCT = { title: 'Glaze Chemistry 101', priceCents: 2400, price: '$24' } as const;
const ABOUT_V1 = 'We make small-batch mugs in a garage studio.';
const ABOUT_V2 = 'We moved the studio to a bigger garage.';

/** What the steps share: the creator (signed in in `ownerState`), the store, the product. */
const site = {} as {
  creator: StoreOwner;
  ownerState: Awaited<ReturnType<BrowserContext['storageState']>>;
  storeId: string;
  product: { id: string; slug: string };
  visitorEmail: string;
};

async function ownerPage(browser: Browser): Promise<{ owner: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ storageState: site.ownerState, viewport: { width: 1280, height: 900 } });
  return { owner: await context.newPage(), close: () => context.close() };
}

const siteNav = (page: Page) => page.getByRole('navigation', { name: 'Site' });

test.describe.serial('website builder', () => {
  let restoreFlag = async () => {};
  test.beforeAll(async () => {
    restoreFlag = await flagOn('websiteBuilder', 'e2e website builder');
  });
  test.afterAll(async () => {
    await restoreFlag();
    await site.creator?.api.dispose();
  });

  test('a creator builds a three-page site in Puck by drag and drop, previews and publishes it', async ({ browser, request }) => {
    test.setTimeout(150_000);
    // A creator with a store (the signup screens are identity.spec.ts's) opens the dashboard.
    const creator = await createStoreOwner(request, 'website');
    site.creator = creator;
    site.storeId = creator.storeId;
    // A real paid product, made through the product functions with the creator's own session.
    site.product = await createPaidDownload(creator.api, creator.storeId, { title: PRODUCT.title, priceCents: PRODUCT.priceCents, subtitle: 'A 40-page PDF guide' });
    const context = await signedInContext(browser, creator, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/dashboard');

    await page.getByRole('link', { name: 'Website builder' }).first().click();
    await expect(page).toHaveURL('/dashboard/website-builder');
    const pages = page.getByRole('list', { name: 'Website pages in navigation order' });
    await expect(pages.getByRole('listitem')).toHaveCount(1);
    await expect(pages.getByRole('listitem', { name: 'Home' })).toContainText('Not published');

    // Home: hero, product grid and email signup, dropped onto the canvas.
    await page.getByRole('link', { name: 'Edit “Home”' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByTestId('drawer-item:Hero')).toBeVisible();
    await dragBlock(page, 'Hero');
    // A new block starts empty (its example is the field's placeholder): the canvas says what it needs.
    const heroNote = canvas(page).getByText(/^Hero: write a heading in its fields/);
    await expect(heroNote).toBeVisible();
    await heroNote.click();
    const heading = page.getByLabel('Heading', { exact: true }).filter({ visible: true }).first();
    await expect(heading).toHaveAttribute('placeholder', 'Welcome to my studio');
    // A heading over its limit: the save is refused, naming the block, the field and the limit, beside the field too.
    await heading.fill('x'.repeat(201));
    await expect(page.getByTestId('save-status')).toContainText("Couldn't save: Hero › Heading: Keep this to 200 characters or fewer.", { timeout: 15_000 });
    await expect(page.getByRole('alert').filter({ hasText: 'Keep this to 200 characters or fewer.', visible: true }).first()).toBeVisible();
    await shot(page, 'website-editor-field-too-long');
    await heading.fill('Welcome');
    await expect(canvas(page).getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 15_000 });
    await dragBlock(page, 'ProductGrid');
    // The grid shows the store's real product, with its live price, on the canvas already.
    await expect(canvas(page).getByRole('heading', { name: PRODUCT.title })).toBeVisible();
    await dragBlock(page, 'EmailSignup');
    await expect(canvas(page).getByRole('heading', { name: 'Join the newsletter' })).toBeVisible();
    // Each drop lands last: Puck tags each block with its id, which starts with its type.
    const order = await canvas(page).locator('[data-puck-component]').evaluateAll((els) => els.map((el) => el.getAttribute('data-puck-component')?.split('-')[0]));
    expect(order).toEqual(['Hero', 'ProductGrid', 'EmailSignup']);
    await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 15_000 });
    await shot(page, 'website-editor');

    // Preview (before publishing): the owner sees the draft at the preview address; visitors see nothing yet.
    const preview = await page.context().newPage();
    await preview.goto(`/website/${creator.slug}?preview=true`);
    await expect(preview.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    await expect(preview.getByRole('note')).toBeVisible();
    await expect(preview.getByRole('heading', { name: PRODUCT.title })).toBeVisible();
    await preview.close();
    await publishAndWait(page, 'Home');

    // About, with rich text; FAQ with its questions.
    await page.getByRole('link', { name: 'All pages' }).click();
    await createPage(page, 'About', 'about');
    await dragBlock(page, 'RichText');
    await canvas(page).getByText(/^Rich text: write your text in its fields/).click();
    await page.getByRole('textbox', { name: 'Text', exact: true }).filter({ visible: true }).first().fill(ABOUT_V1);
    await expect(canvas(page).getByText(ABOUT_V1)).toBeVisible();
    await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 15_000 });
    await publishAndWait(page, 'About');

    await page.getByRole('link', { name: 'All pages' }).click();
    await createPage(page, 'FAQ', 'faq');
    await dragBlock(page, 'Faq');
    await canvas(page).getByText(/^FAQ: write a question in its fields/).click();
    await page.getByText('Question 1', { exact: true }).filter({ visible: true }).first().click();
    await page.getByLabel('Question', { exact: true }).filter({ visible: true }).first().fill('How do I get my download?');
    await page.getByLabel('Answer', { exact: true }).filter({ visible: true }).first().fill('Right after checkout, and by email.');
    await expect(canvas(page).getByText('How do I get my download?')).toBeVisible();
    await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 15_000 });
    await publishAndWait(page, 'FAQ');

    // The list: three live pages; FAQ moves up in the navigation, announced.
    await page.getByRole('link', { name: 'All pages' }).click();
    await expect(pages.getByRole('listitem')).toHaveCount(3);
    for (const title of ['Home', 'About', 'FAQ']) await expect(pages.getByRole('listitem', { name: title })).toContainText('Published');
    await page.getByRole('button', { name: 'Move “FAQ” up' }).click();
    await expect(page.getByText('“FAQ” moved to position 2 of 3.')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Move “FAQ” up' })).toBeFocused();
    await expect(pages.getByRole('listitem').nth(1)).toHaveAttribute('aria-label', 'FAQ');
    await shot(page, 'website-pages');

    // Preview opens the draft view of the page in a new tab.
    await expect(pages.getByRole('listitem', { name: 'About' }).getByRole('link', { name: /Preview/ })).toHaveAttribute('href', `/website/${creator.slug}/about?preview=true`);

    // Phone width: the list and the editor still fit.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(pages.getByRole('listitem')).toHaveCount(3);
    await shot(page, 'website-pages');
    await page.getByRole('link', { name: 'Edit “Home”' }).click();
    await expect(page.getByTestId('save-status')).toBeVisible();
    await shot(page, 'website-editor');

    // The published site at /{slug}/website: the hero, the real product with its price, the signup.
    await page.setViewportSize({ width: 1280, height: 800 });
    const response = await page.goto(`/${creator.slug}/website`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    const product = page.getByRole('article').filter({ has: page.getByRole('heading', { name: PRODUCT.title }) });
    await expect(product.getByText(PRODUCT.price, { exact: true })).toBeVisible();
    await expect(product.getByRole('link', { name: `Buy now: ${PRODUCT.title}` })).toHaveAttribute('href', `/${creator.slug}/p/${site.product.slug}`);
    await expect(page.getByRole('heading', { name: 'Join the newsletter' })).toBeVisible();
    await page.goto(`/${creator.slug}/website/faq`);
    await expect(page.getByText('How do I get my download?')).toBeVisible();
    site.ownerState = await context.storageState();
    await context.close();
  });

  test('a visitor navigates the site, signs up for email and buys the product from the grid', async ({ browser }) => {
    test.setTimeout(60_000);
    const { slug } = site.creator;
    const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/${slug}/website`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    await expect(visitor.locator('html')).toHaveAttribute('data-app-mode', 'website');
    // The navigation follows the order the creator set: Home, FAQ, About, then the storefront.
    await expect(siteNav(visitor).getByRole('link')).toHaveText(['Home', 'FAQ', 'About', 'Shop']);
    await expect(siteNav(visitor).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await siteNav(visitor).getByRole('link', { name: 'About' }).click();
    await expect(visitor).toHaveURL(`/${slug}/website/about`);
    await expect(visitor.getByText(ABOUT_V1)).toBeVisible();
    await expect(siteNav(visitor).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    await siteNav(visitor).getByRole('link', { name: 'FAQ' }).click();
    await expect(visitor).toHaveURL(`/${slug}/website/faq`);
    // The answer is behind its question (<details>), opened with a tap.
    await expect(visitor.getByText('Right after checkout, and by email.')).toBeHidden();
    await visitor.getByText('How do I get my download?').click();
    await expect(visitor.getByText('Right after checkout, and by email.')).toBeVisible();
    await siteNav(visitor).getByRole('link', { name: 'Home' }).click();
    await expect(visitor).toHaveURL(`/${slug}/website`);

    // Email signup: the box must be ticked (the browser says so), then the thank-you line shows.
    site.visitorEmail = uniqueEmail('website-visitor');
    const signup = visitor.getByRole('region', { name: 'Join the newsletter' });
    await signup.getByLabel('Email address').fill(site.visitorEmail);
    await signup.getByRole('button', { name: 'Subscribe' }).click();
    await expect(visitor).toHaveURL(`/${slug}/website`);
    expect(await signup.getByRole('checkbox').evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(true);
    await signup.getByLabel('I agree to receive emails from this store.').check();
    await signup.getByRole('button', { name: 'Subscribe' }).click();
    await expect(visitor).toHaveURL(new RegExp(`/${slug}/website#ws-signup-done-`));
    await expect(visitor.getByText('Thanks! You’re on the list.')).toBeVisible();
    await shot(visitor, 'website-visitor-signed-up');

    // Buying: the grid's button opens the storefront's product page, paid with the test card.
    await visitor.getByRole('link', { name: `Buy now: ${PRODUCT.title}` }).click();
    await expect(visitor).toHaveURL(`/${slug}/p/${site.product.slug}`);
    await expect(visitor.getByRole('heading', { level: 1, name: PRODUCT.title })).toBeVisible();
    await expect(visitor.locator('#storefront-root')).toHaveAttribute('data-hydrated', 'true');
    await checkOutWithTestCard(visitor, { name: 'Wren Visitor', email: site.visitorEmail });
    await visitorContext.close();
  });

  test('the sign-up is in the store’s audience with marketing consent', async ({ browser }) => {
    const { owner, close } = await ownerPage(browser);
    await owner.goto('/dashboard/customers');
    await owner.getByLabel('Search customers').fill(site.visitorEmail);
    const row = owner.getByTestId('customer-row').filter({ hasText: site.visitorEmail });
    await expect(row).toHaveCount(1);
    // The same person bought the product: one customer, one order.
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
    await row.getByRole('link', { name: 'Wren Visitor' }).click();
    await expect(owner.getByRole('switch', { name: 'Marketing consent' })).toHaveAttribute('aria-checked', 'true');
    await expect(owner.getByText('They agreed to receive marketing emails.')).toBeVisible();
    await close();
  });

  test('a verified custom domain shows the website, and /members on it stays members', async ({ browser }) => {
    test.setTimeout(60_000);
    const restoreDomains = await flagOn('customDomains', 'e2e website on a custom domain');
    try {
      const { owner, close } = await ownerPage(browser);
      // A domain the creator controls, proven through DNS: the stand-in answers the TXT record.
      const domain = `site-${Date.now().toString(36)}.${E2E_HOSTS.verifiedParent}`;
      const added = await callFn<{ txtRecordName: string; txtRecordValue: string }>(owner.request, 'addCustomDomain', { storeId: site.storeId, domain });
      await publishTxtRecord(added.txtRecordName, added.txtRecordValue);
      const verified = await callFn<{ verified: boolean }>(owner.request, 'verifyCustomDomain', { storeId: site.storeId, domain });
      expect(verified.verified).toBe(true);
      await close();

      // Spec §2: the www host of a custom domain is website mode (a bare three-label host would be a bio domain).
      const host = `www.${domain}`;
      const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const visitor = await visitorContext.newPage();
      await visitUntil(visitor, urlOn(host, '/'), () => visitor.getByRole('heading', { level: 1, name: 'Welcome' }).isVisible(), `the website on ${host}`);
      await expect(visitor.locator('html')).toHaveAttribute('data-app-mode', 'website');
      await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute('href', `https://${domain}/`);
      await expect(visitor.getByRole('heading', { name: PRODUCT.title })).toBeVisible();
      await siteNav(visitor).getByRole('link', { name: 'About' }).click();
      await expect(visitor).toHaveURL(urlOn(host, '/about'));
      await expect(visitor.getByText(ABOUT_V1)).toBeVisible();
      // Products are bought on the storefront's product page, on the same domain.
      await siteNav(visitor).getByRole('link', { name: 'Home' }).click();
      await visitor.getByRole('link', { name: `Buy now: ${PRODUCT.title}` }).click();
      await expect(visitor).toHaveURL(urlOn(host, `/p/${site.product.slug}`));
      await expect(visitor.getByRole('heading', { level: 1, name: PRODUCT.title })).toBeVisible();
      await expect(visitor.locator('html')).toHaveAttribute('data-app-mode', 'storefront');

      // /members on the domain is the members area, not a website page.
      await visitor.goto(urlOn(host, '/members'));
      await expect(visitor).toHaveURL(urlOn(host, '/members/login?origin=%2F'));
      await expect(visitor.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect(visitor.locator('html')).toHaveAttribute('data-app-mode', 'members');
      await visitorContext.close();
    } finally {
      await restoreDomains();
    }
  });

  test('restoring an older version brings its content back once published', async ({ browser }) => {
    test.setTimeout(60_000);
    const { owner, close } = await ownerPage(browser);
    const { slug } = site.creator;
    const { pages } = await callFn<{ pages: WebsitePageSummary[] }>(owner.request, 'listWebsitePages', { storeId: site.storeId });
    const about = pages.find((page) => page.slug === 'about')!;
    // Version 2: the creator rewrites the About text (saved as the editor's autosave does).
    const page = await callFn<{ publishedContent: { content: { type: string; props: Record<string, unknown> }[] } }>(owner.request, 'getWebsitePage', { storeId: site.storeId, pageSlug: 'about' });
    const v2 = { root: { props: {} }, content: page.publishedContent.content.map((block) => (block.type === 'RichText' ? { ...block, props: { ...block.props, html: `<p>${ABOUT_V2}</p>` } } : block)) };
    await callFn(owner.request, 'saveWebsitePageDraft', { storeId: site.storeId, pageId: about.id, content: v2 });

    await owner.goto('/dashboard/website-builder');
    const row = owner.getByRole('list', { name: 'Website pages in navigation order' }).getByRole('listitem', { name: 'About' });
    await expect(row).toContainText('Unpublished changes');
    await row.getByRole('button', { name: 'Publish “About”', exact: true }).click();
    await expect(owner.getByText('“About” is live.').first()).toBeVisible();
    await expect(row).toContainText('Published');

    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const visitor = await visitorContext.newPage();
    await visitUntil(visitor, `/${slug}/website/about`, () => visitor.getByText(ABOUT_V2).isVisible(), 'version 2 live');

    // Versions: 2 and 1, newest first; restoring 1 puts it in the draft, live only once published.
    await row.getByRole('button', { name: 'Versions of “About”' }).click();
    const versions = owner.getByRole('dialog', { name: 'Versions of “About”' });
    await expect(versions.getByRole('list', { name: 'Published versions' }).getByRole('listitem')).toHaveCount(2);
    await expect(versions.getByRole('listitem').first()).toContainText('Version 2');
    await versions.getByRole('button', { name: 'Restore version 1' }).click();
    const confirm = owner.getByRole('alertdialog', { name: 'Restore version 1?' });
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await expect(owner.getByText('Version 1 is in the draft. Publish it to make it live.').first()).toBeVisible();
    await expect(row).toContainText('Unpublished changes');
    await visitor.reload();
    await expect(visitor.getByText(ABOUT_V2)).toBeVisible();

    await row.getByRole('button', { name: 'Publish “About”', exact: true }).click();
    await expect(row).toContainText('Published');
    await visitUntil(visitor, `/${slug}/website/about`, () => visitor.getByText(ABOUT_V1).isVisible(), 'version 1 live again');
    await expect(visitor.getByText(ABOUT_V2)).toHaveCount(0);
    await visitorContext.close();
    await close();
  });

  test('with the websiteBuilder flag off, the nav entry is gone and the functions are refused', async ({ browser }) => {
    const { owner, close } = await ownerPage(browser);
    const { pages } = await callFn<{ pages: WebsitePageSummary[] }>(owner.request, 'listWebsitePages', { storeId: site.storeId });
    await switchFlag('websiteBuilder', false, 'e2e website: the flag-off state');
    try {
      await expect
        .poll(async () => (await fnAnswer(owner.request, 'listWebsitePages', { storeId: site.storeId })).error?.message, { message: 'listWebsitePages refused' })
        .toBe('This feature is not available on this platform right now.');
      const refused = await fnAnswer(owner.request, 'publishWebsitePage', { storeId: site.storeId, pageId: pages[0]!.id });
      expect(refused.error).toMatchObject({ status: 'FAILED_PRECONDITION', message: 'This feature is not available on this platform right now.' });

      await owner.goto('/dashboard');
      await expect(owner.getByRole('link', { name: 'Products' }).first()).toBeVisible();
      await expect(owner.getByRole('link', { name: 'Website builder' })).toHaveCount(0);
    } finally {
      // Back on for the rest of this file's steps (afterAll puts the flag back as it was found).
      await switchFlag('websiteBuilder', true, 'e2e website: back on');
      await close();
    }
  });
});

import { expect, test } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { flagOn } from '../support/platform-admin.ts';
import { shotAtBothWidths, VIEWPORTS } from '../support/screens.ts';

const [PHONE, DESKTOP] = VIEWPORTS;
const signup = (id: string, heading: string) => ({ type: 'EmailSignup', props: { id, heading, buttonLabel: 'Subscribe', consentLabel: 'I agree to receive emails from this store.' } });

/**
 * A site with two signup forms: an automation starts on one of them only, and the form sends the
 * visitor's time zone (its one inline script runs under the website CSP).
 */
test.describe('a given signup form starts an automation', () => {
  let restoreFlag = async () => {};
  test.beforeAll(async () => {
    restoreFlag = await flagOn('websiteBuilder', 'e2e signup form trigger');
  });
  test.afterAll(() => restoreFlag());

  test('the guide form starts the guide flow with the visitor’s zone; the newsletter form does not', async ({ browser, request }) => {
    test.setTimeout(90_000);
    const owner = await createStoreOwner(request, 'signup-forms');
    const { pages } = await owner.call<{ pages: { id: string; slug: string }[] }>('listWebsitePages', { storeId: owner.storeId });
    const home = pages.find((page) => page.slug === 'home')!;
    const content = { root: { props: {} }, content: [signup('EmailSignup-news', 'Get the newsletter'), signup('EmailSignup-guide', 'Get the free guide')] };
    await owner.call('saveWebsitePageDraft', { storeId: owner.storeId, pageId: home.id, content });
    await owner.call('publishWebsitePage', { storeId: owner.storeId, pageId: home.id });
    const flow = await owner.call<{ id: string; trigger: unknown; steps: unknown[] }>('createAutomation', { storeId: owner.storeId, template: 'lead-magnet-welcome', name: 'Guide welcome' });
    const trigger = { kind: 'joined', source: 'signup-form', productId: null, form: 'EmailSignup-guide' };
    await owner.call('updateAutomation', { storeId: owner.storeId, automationId: flow.id, name: 'Guide welcome', trigger, steps: flow.steps });
    await owner.call('setAutomationStatus', { storeId: owner.storeId, automationId: flow.id, status: 'live' });

    // The visitor, in Tokyo: the script fills each form's zone, with no CSP refusal.
    const visitorContext = await browser.newContext({ viewport: PHONE.viewport, isMobile: true, hasTouch: true, timezoneId: 'Asia/Tokyo' });
    const visitor = await visitorContext.newPage();
    const refusals: string[] = [];
    visitor.on('console', (message) => message.text().includes('Content Security Policy') && refusals.push(message.text()));
    await visitor.goto(`/${owner.slug}/website`);
    await expect(visitor.locator('input[name=timeZone]')).toHaveCount(2);
    expect(await visitor.locator('input[name=timeZone]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(['Asia/Tokyo', 'Asia/Tokyo']);
    expect(refusals).toEqual([]);

    const joinThrough = async (heading: string, email: string) => {
      const form = visitor.getByRole('region', { name: heading });
      await form.getByLabel('Email address').fill(email);
      await form.getByLabel('I agree to receive emails from this store.').check();
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect(form.getByText('Thanks! You’re on the list.')).toBeVisible();
    };
    const entered = async () => (await owner.call<{ automations: { id: string; totals: { entered: number } }[] }>('listAutomations', { storeId: owner.storeId })).automations.find((item) => item.id === flow.id)!.totals.entered;
    await joinThrough('Get the newsletter', uniqueEmail('news-reader'));
    expect(await entered()).toBe(0);
    const reader = uniqueEmail('guide-reader');
    await joinThrough('Get the free guide', reader);
    expect(await entered()).toBe(1);
    const { customers } = await owner.call<{ customers: { email: string; id: string }[] }>('searchStoreCustomers', { storeId: owner.storeId, query: reader });
    const customerId = customers.find((customer) => customer.email === reader)!.id;
    const detail = await owner.call<{ customer: { timeZone?: string | null } }>('getStoreCustomer', { storeId: owner.storeId, customerId });
    expect(detail.customer.timeZone).toBe('Asia/Tokyo');
    await visitorContext.close();

    // The creator's editor names the form.
    const context = await signedInContext(browser, owner, { viewport: DESKTOP.viewport });
    const page = await context.newPage();
    await page.goto(`/dashboard/email/automations/${flow.id}`);
    await expect(page.getByLabel('How they join')).toHaveValue('signup-form');
    await expect(page.getByLabel('Signup form')).toHaveValue('EmailSignup-guide');
    await expect(page.getByText('When someone signs up through a chosen form on your website').first()).toBeVisible();
    await shotAtBothWidths(page, 'automation-signup-form-trigger');
    await context.close();
  });
});

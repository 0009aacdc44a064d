import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { buyDownload } from '../support/buy-download.ts';
import { DESKTOP, expectLayoutAt } from '../support/layout.ts';
import { readMailbox, uniqueEmail, waitForMessage } from '../support/mailbox.ts';
import { buyWithTestCard } from '../support/purchase.ts';
import { saveScreenshot, SCREENSHOTS, shot } from '../support/screens.ts';

const PRODUCT = 'Glaze Guide';
/**
 * The dialog's time field takes whole minutes: a campaign scheduled there for the next minute would
 * keep the journey waiting up to 70 s. So the dialog schedules an hour ahead (checked to the exact
 * instant), the campaign is cancelled, and scheduled again a few seconds ahead through the function
 * the dialog calls: the start job that comes due is the same as for any schedule.
 */
const DIALOG_AHEAD_SECONDS = 60 * 60;
const DUE_AHEAD_MS = 3_000;
const SEGMENT = 'Bought the Glaze Guide';

/** One campaign's mail in the outbox, as `/debug/mailbox/campaigns/<id>.json` lists it. */
interface CampaignMail {
  recipientCount: number;
  messageCount: number;
  messages: { to: string; subject: string; text: string; headers: Record<string, string> }[];
}

async function campaignMail(request: APIRequestContext, campaignId: string): Promise<CampaignMail | null> {
  const response = await request.get(`/debug/mailbox/campaigns/${campaignId}.json?limit=500`);
  if (response.status() === 404) return null;
  expect(response.ok(), `campaign mailbox answered ${response.status()}`).toBe(true);
  return (await response.json()) as CampaignMail;
}

/** Waits until the campaign's mail reached `count` distinct addresses, and answers it. */
async function waitForCampaignMail(request: APIRequestContext, campaignId: string, count: number, timeout: number): Promise<CampaignMail> {
  let mail: CampaignMail | null = null;
  await expect
    .poll(
      async () => {
        mail = await campaignMail(request, campaignId);
        return mail?.recipientCount ?? 0;
      },
      { message: `campaign ${campaignId} in the outbox for ${count} addresses`, timeout },
    )
    .toBe(count);
  return mail!;
}

const addressOf = (to: string) => (/<([^>]+)>/.exec(to)?.[1] ?? to).toLowerCase();
const header = (headers: Record<string, string>, name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];


/** The store's wall clock `secondsAhead` from now, rounded up to the next whole minute, as the date and time inputs take it, and that instant. */
function storeClockAhead(timeZone: string, secondsAhead: number): { date: string; time: string; instant: string } {
  const at = new Date(Math.ceil((Date.now() + secondsAhead * 1000) / 60_000) * 60_000);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}`, instant: at.toISOString() };
}

/**
 * Screenshots at 390 and 1280 px of the page, and of the email preview on its own when there is
 * one: Chromium does not paint a sandboxed (cross-origin) frame while it is off screen, so in a
 * full-page picture of a phone the preview further down stays blank.
 */
async function shotBoth(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, name);
    const preview = page.locator('section[aria-labelledby="email-preview-title"]');
    if ((await preview.count()) === 0) continue;
    await preview.scrollIntoViewIfNeeded();
    // Two frames, so the rescaled frame has painted before the picture is taken.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await saveScreenshot(preview, `${name}-preview-${viewport.width}.png`);
  }
}

const campaignIdIn = (page: Page) => /\/dashboard\/email\/campaigns\/(cmp_[0-9a-z]+)/.exec(page.url())?.[1] ?? '';

/**
 * The acceptance journey: a creator imports 3 contacts by CSV and builds a segment of the buyers of
 * one product; writes a campaign with a product card and sends a test to themself; is told to add a
 * postal address first, adds it, and schedules the campaign (an hour ahead, cancelled, then due in
 * seconds). It reaches exactly the segment, each message with List-Unsubscribe headers; one buyer
 * unsubscribes through the link with no sign-in; a second campaign no longer reaches them; the
 * stats page shows the numbers.
 */
test('a creator emails the buyers of one product, and an unsubscribe sticks', async ({ browser, request }) => {
  test.setTimeout(300_000);

  // 0. Two buyers of the product; a reader who bought nothing comes with the CSV.
  const sale = await buyDownload(browser, request, { title: PRODUCT, price: '9.00', fileName: 'glaze-guide.pdf', fileBytes: randomBytes(2048) });
  const page = sale.owner;
  const buyerA = sale.buyer;
  const buyerB = { name: 'Bo Buyer', email: uniqueEmail('buyer-b') };
  const reader = { name: 'Cy Reader', email: uniqueEmail('reader') };
  await buyWithTestCard(request, { storeId: sale.creator.storeId, productId: sale.product.id }, buyerB);

  // 1. Import 3 contacts by CSV, then a segment "bought product X".
  await page.goto('/dashboard/email');
  await expect(page.getByRole('tab', { name: 'Campaigns', selected: true })).toBeVisible();
  await expect(page.getByText('No campaigns yet.')).toBeVisible();
  await page.getByRole('tab', { name: 'Audience' }).click();
  const csv = ['email,name,consent', `${buyerA.email},${buyerA.name},yes`, `${buyerB.email},${buyerB.name},yes`, `${reader.email},${reader.name},yes`].join('\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('status', { name: 'Import summary' })).toBeVisible();
  await page.getByLabel('These contacts agreed to receive marketing email from me').check();
  await page.getByRole('button', { name: /^Import \d/ }).click();
  await expect(page.getByText('Import finished', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'New segment' }).click();
  const segmentDialog = page.getByRole('dialog', { name: 'New segment' });
  await segmentDialog.getByLabel('Segment name').fill(SEGMENT);
  await segmentDialog.getByRole('group', { name: 'Bought any of these products' }).getByLabel(PRODUCT).check();
  await expect(segmentDialog.getByTestId('live-recipient-count')).toContainText('2 will receive');
  await segmentDialog.getByRole('button', { name: 'Save segment' }).click();
  await expect(page.getByRole('list', { name: 'Segments' }).getByText(SEGMENT)).toBeVisible();

  // 2. A campaign with a product card; a test goes to the creator.
  await page.getByRole('tab', { name: 'Campaigns' }).click();
  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page.getByRole('heading', { name: 'New campaign' })).toBeVisible();
  await page.getByLabel('Subject').fill('Forty new glazes');
  await page.getByLabel('Preview text').fill('And a card for the guide');
  await expect(page.getByLabel('Audience').locator('option', { hasText: SEGMENT })).toHaveText(`${SEGMENT} (2 people)`);
  await page.getByLabel('Audience').selectOption({ label: `${SEGMENT} (2 people)` });
  await page.getByRole('button', { name: 'Add Heading' }).click();
  await page.getByLabel('Heading text').fill('Spring glazes are in');
  await page.getByRole('button', { name: 'Add Text' }).click();
  await page.getByRole('textbox', { name: 'Text', exact: true }).click();
  await page.keyboard.insertText('Everything I learned this winter, in one guide.');
  await page.getByRole('button', { name: 'Add Product card' }).click();
  await page.getByLabel('Product', { exact: true }).selectOption({ label: PRODUCT });
  await page.getByRole('button', { name: 'Add Button' }).click();
  await page.getByLabel('Button label').fill('Read the guide');
  await page.getByLabel('Button link').fill('https://example.com/guide');
  const preview = page.frameLocator('iframe[title^="Email preview"]');
  await expect(preview.getByText('Spring glazes are in')).toBeVisible();
  await expect(preview.getByText(PRODUCT).first()).toBeVisible();

  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByText(`Test sent to ${sale.creator.email}`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/email\/campaigns\/cmp_/);
  const firstId = campaignIdIn(page);
  const test1 = await waitForMessage(request, sale.creator.email, /^\[Test\] Forty new glazes/);
  expect(test1.text).toContain('Spring glazes are in');
  await expect(preview.getByText(PRODUCT).first()).toBeVisible();
  await page.getByRole('button', { name: 'Phone' }).click();
  await shotBoth(page, 'email-campaign-editor');

  // 3. Sending is refused without a postal address; the creator adds it, then schedules it.
  await page.getByRole('button', { name: 'Send or schedule…' }).click();
  let dialog = page.getByRole('dialog', { name: 'Send this campaign' });
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(dialog.getByText('Add your postal address in Settings › Email before sending.', { exact: false })).toBeVisible();
  await dialog.getByRole('link', { name: 'Open Settings › Email' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings#email$/);
  await page.getByLabel('Postal address').fill('Maple Studio\n12 Kiln Lane\nPortland, OR 97201\nUSA');
  await page.getByRole('button', { name: 'Save email settings' }).click();
  await expect(page.getByText('Email settings saved', { exact: true })).toBeVisible();

  await page.goto(`/dashboard/email/campaigns/${firstId}`);
  await page.getByRole('button', { name: 'Send or schedule…' }).click();
  dialog = page.getByRole('dialog', { name: 'Send this campaign' });
  await dialog.getByLabel('Schedule for later').check();
  const zoneText = (await dialog.getByText(/In your store’s time zone:/).textContent()) ?? '';
  const timeZone = zoneText.replace(/^.*time zone:\s*/, '').trim();
  const at = storeClockAhead(timeZone, DIALOG_AHEAD_SECONDS);
  await dialog.getByLabel('Date').fill(at.date);
  await dialog.getByLabel('Time').fill(at.time);
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Campaign scheduled.', { exact: true })).toBeVisible();
  // The store's wall clock in the dialog is exactly the instant the campaign keeps.
  const campaign = (campaignId: string) => sale.creator.call<{ status: string; scheduledAt: string | null }>('getEmailCampaign', { storeId: sale.creator.storeId, campaignId });
  expect(await campaign(firstId)).toMatchObject({ status: 'scheduled', scheduledAt: at.instant });
  // Cancelled, nothing goes; then scheduled again, due in seconds (DUE_AHEAD_MS).
  await page.getByRole('button', { name: 'Cancel campaign' }).click();
  await page.getByRole('alertdialog', { name: 'Cancel this campaign?' }).getByRole('button', { name: 'Cancel campaign' }).click();
  await expect(page.getByText('Campaign cancelled.', { exact: true })).toBeVisible();
  expect(await campaign(firstId)).toMatchObject({ status: 'cancelled' });
  await sale.creator.call('scheduleEmailCampaign', { storeId: sale.creator.storeId, campaignId: firstId, sendAt: new Date(Date.now() + DUE_AHEAD_MS).toISOString() });

  // 4. It arrives in the outbox for exactly the segment, each with the unsubscribe headers.
  const first = await waitForCampaignMail(request, firstId, 2, 60_000);
  expect(first.messages.map((message) => addressOf(message.to)).sort()).toEqual([buyerA.email, buyerB.email].map((email) => email.toLowerCase()).sort());
  for (const message of first.messages) {
    expect(header(message.headers, 'List-Unsubscribe')).toMatch(/<https?:\/\/[^>]+\/e\/u\/[^>]+>/);
    expect(header(message.headers, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  }
  expect((await readMailbox(request, reader.email)).filter((message) => /Forty new glazes/.test(message.subject))).toEqual([]);

  // 5. Buyer A unsubscribes through the link, signed in nowhere.
  const toA = first.messages.find((message) => addressOf(message.to) === buyerA.email.toLowerCase())!;
  const unsubscribeUrl = /<(https?:\/\/[^>]+\/e\/u\/[^>]+)>/.exec(header(toA.headers, 'List-Unsubscribe') ?? '')?.[1] ?? '';
  const strangerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const stranger = await strangerContext.newPage();
  await stranger.goto(unsubscribeUrl);
  await shot(stranger, 'email-unsubscribe-ask');
  await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(stranger.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  // No dead end: a way to undo it, and a way back to the store.
  await expect(stranger.getByRole('button', { name: 'Resubscribe' })).toBeVisible();
  await expect(stranger.getByRole('link', { name: /^Back to / })).toHaveAttribute('href', new RegExp(`/${sale.creator.slug}$`));
  await shot(stranger, 'email-unsubscribe-done');
  await expectLayoutAt(stranger, DESKTOP, [stranger.getByRole('heading', { name: 'You are unsubscribed' }), stranger.getByRole('button', { name: 'Resubscribe' })], 'email-unsubscribe-done');
  await strangerContext.close();

  // 6. A second campaign to the same segment reaches buyer B only.
  await page.goto('/dashboard/email/campaigns/new');
  await page.getByLabel('Subject').fill('One more thing');
  await page.getByLabel('Audience').selectOption({ label: `${SEGMENT} (1 person)` });
  await page.getByRole('button', { name: 'Add Heading' }).click();
  await page.getByLabel('Heading text').fill('A last glaze');
  await page.getByRole('button', { name: 'Send or schedule…' }).click();
  await page.getByRole('dialog', { name: 'Send this campaign' }).getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('Campaign is sending.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/email\/campaigns\/cmp_/);
  const secondId = campaignIdIn(page);
  expect(secondId).not.toBe(firstId);
  const second = await waitForCampaignMail(request, secondId, 1, 120_000);
  expect(second.messages.map((message) => addressOf(message.to))).toEqual([buyerB.email.toLowerCase()]);
  expect((await readMailbox(request, buyerA.email)).filter((message) => message.subject === 'One more thing')).toEqual([]);

  // 7. The stats page shows the numbers; the list shows both campaigns.
  await page.goto(`/dashboard/email/campaigns/${firstId}`);
  await expect(page.getByTestId('stat-recipients')).toHaveText('2');
  await expect(page.getByTestId('stat-sent')).toHaveText('2');
  await expect(page.getByTestId('stat-unsubscribed')).toHaveText('1');
  // The outbox never reports deliveries: the page says so rather than "0".
  await expect(page.getByTestId('stat-delivered')).toHaveText('Not reported');
  await shotBoth(page, 'email-campaign-stats');
  // Customers shows who unsubscribed.
  await page.goto('/dashboard/customers');
  await expect(page.getByTestId('customer-row').filter({ hasText: buyerA.email })).toContainText('Unsubscribed');
  await expect(page.getByTestId('customer-row').filter({ hasText: buyerB.email })).not.toContainText('Unsubscribed');
  await shotBoth(page, 'customers-unsubscribed');
  await page.goto('/dashboard/email');
  const rows = page.getByRole('table', { name: 'Email campaigns, newest first' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Forty new glazes' })).toContainText('Sent');
  await shotBoth(page, 'email-campaigns-list');
  await sale.close();
});

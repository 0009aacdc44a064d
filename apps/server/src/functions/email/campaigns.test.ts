import { EMAIL_LIMITS, EMAIL_MESSAGES, MESSAGES, PRODUCT_MESSAGES, type EmailCampaignFields } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { customers, emailCampaignRecipients, emailCampaigns, jobs, rateLimits, storeEmailSettings } from '#src/db/schema/index.ts';
import { SEND_NOW_REPEAT_MS } from '#src/domain/email/campaigns/schedule-email-campaign.ts';
import { CAMPAIGN_START_KIND } from '#src/domain/email/sending/campaign-job-kinds.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { insertProduct } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { insertBuyer } from '#src/testing/customers.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const MISSING_CAMPAIGN = 'cmp_00000000000000000000';
const MISSING_STORE = 'store_doesnotexist00000000';
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const fieldsOf = (overrides: Partial<EmailCampaignFields> = {}): EmailCampaignFields => ({
  name: 'Spring news',
  subject: 'Spring is here',
  previewText: 'New zines',
  body: [
    { id: 'h1', type: 'heading', text: 'Hello' },
    { id: 't1', type: 'text', html: '<p>Fresh <strong>zines</strong><script>alert(1)</script></p>' },
  ],
  segmentId: null,
  ...overrides,
});

describe('email campaigns', () => {
  const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
  let t: TestApp;
  let creator: TestCreator;
  let mallory: TestCreator;
  let store: { id: string };
  let malloryStore: { id: string };
  const creatorEmail = 'campaign-creator@example.com';

  const call = (name: string, data: Record<string, unknown>, as: TestCreator = creator) => callFunction(t.app, name, data, { as });
  const create = async (overrides: Partial<EmailCampaignFields> = {}, as = creator, storeId = store.id) => {
    const reply = await call('createEmailCampaign', { storeId, fields: fieldsOf(overrides) }, as);
    if (reply.statusCode !== 200) throw new Error(reply.body);
    return reply.json().result as { id: string; status: string };
  };
  const setStatus = (id: string, status: 'draft' | 'scheduled' | 'sending' | 'sent' | 'failed' | 'cancelled') =>
    t.db.update(emailCampaigns).set({ status }).where(eq(emailCampaigns.id, id));
  const startJobs = (campaignId: string) =>
    t.db.select().from(jobs).where(and(eq(jobs.kind, CAMPAIGN_START_KIND), sql`${jobs.payload} ->> 'campaignId' = ${campaignId}`));
  const recipient = (campaignId: string, storeId: string, values: Partial<typeof emailCampaignRecipients.$inferInsert> = {}) => {
    const id = newId('rcp');
    return t.db.insert(emailCampaignRecipients).values({ id, campaignId, storeId, email: `${id}@example.com`, messageId: `<${id}@example.com>`, ...values });
  };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    creator = await signedInCreator(t, { email: creatorEmail, now: clock.now() });
    mallory = await signedInCreator(t, { now: clock.now() });
    store = await createStoreAs(t, creator, 'campaign-shop');
    malloryStore = await createStoreAs(t, mallory, 'campaign-rival');
    for (const storeId of [store.id, malloryStore.id]) {
      await t.db.insert(storeEmailSettings).values({ storeId, postalAddress: '1 Main St\nSpringfield' });
      const reader = await insertBuyer(t, storeId, `reader-${storeId}@example.com`);
      await t.db.update(customers).set({ marketingConsent: true }).where(eq(customers.id, reader.id));
    }
  });
  beforeEach(() => t.db.delete(rateLimits));
  afterAll(() => t?.close());

  describe('drafts', () => {
    it('creates a draft with its text sanitised, gets it, and lists campaigns newest first', async () => {
      const first = await create({ subject: 'First' });
      clock.advance(1000);
      const second = await create({ subject: 'Second' });
      expect(second).toMatchObject({ status: 'draft', segmentId: null, segmentName: null, scheduledAt: null, statusNote: null });
      expect((second as unknown as { body: { html?: string }[] }).body[1]?.html).toBe('<p>Fresh <strong>zines</strong></p>');
      expect((second as unknown as { stats: unknown }).stats).toEqual({ recipients: 0, sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, complained: 0, unsubscribed: 0, failed: 0 });
      const got = await call('getEmailCampaign', { storeId: store.id, campaignId: first.id });
      expect(got.json().result).toMatchObject({ id: first.id, subject: 'First' });
      const listed = (await call('listEmailCampaigns', { storeId: store.id })).json().result.campaigns as { id: string }[];
      expect(listed.map((campaign) => campaign.id).slice(0, 2)).toEqual([second.id, first.id]);
    });

    it("an automation email's hidden campaign row is never listed, counted, opened or changed as a campaign", async () => {
      const hidden = newId('cmp');
      const statsBefore = (await call('getStoreStats', { storeId: store.id })).json().result as { emailCampaigns: number };
      await t.db.insert(emailCampaigns).values({ id: hidden, storeId: store.id, subject: 'Welcome (automation)', body: [], status: 'sending', automationId: newId('aut') });
      const listed = (await call('listEmailCampaigns', { storeId: store.id })).json().result.campaigns as { id: string }[];
      expect(listed.map((campaign) => campaign.id)).not.toContain(hidden);
      expect(((await call('getStoreStats', { storeId: store.id })).json().result as { emailCampaigns: number }).emailCampaigns).toBe(statsBefore.emailCampaigns);
      for (const name of ['getEmailCampaign', 'deleteEmailCampaign', 'stopEmailCampaign']) {
        const reply = await call(name, { storeId: store.id, campaignId: hidden });
        expect([reply.statusCode, errorOf(reply)], name).toEqual([404, { status: 'NOT_FOUND', message: EMAIL_MESSAGES.campaignNotFound }]);
      }
      expect((await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, hidden)))[0]).toMatchObject({ status: 'sending' });
    });

    it('keeps the segment and its name; a segment or product card of another store is refused like a missing one', async () => {
      const segment = (await call('createEmailSegment', { storeId: store.id, name: 'Readers', filter: {} })).json().result;
      const made = await create({ segmentId: segment.id });
      expect(made).toMatchObject({ segmentId: segment.id, segmentName: 'Readers' });
      const theirs = (await call('createEmailSegment', { storeId: malloryStore.id, name: 'Theirs', filter: {} }, mallory)).json().result;
      const foreignSegment = await call('createEmailCampaign', { storeId: store.id, fields: fieldsOf({ segmentId: theirs.id }) });
      expect([foreignSegment.statusCode, errorOf(foreignSegment).message]).toEqual([404, EMAIL_MESSAGES.segmentNotFound]);
      const foreignProduct = await insertProduct(t, malloryStore.id);
      for (const productId of [foreignProduct.id, 'prd_00000000000000000000']) {
        const reply = await call('createEmailCampaign', { storeId: store.id, fields: fieldsOf({ body: [{ id: 'p', type: 'product', productId }] }) });
        expect([reply.statusCode, errorOf(reply).message]).toEqual([404, PRODUCT_MESSAGES.productNotFound]);
      }
    });

    it('refuses too many blocks and a long subject, and accepts the limits', async () => {
      const blocks = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `d${index}`, type: 'divider' as const }));
      const tooMany = await call('createEmailCampaign', { storeId: store.id, fields: fieldsOf({ body: blocks(EMAIL_LIMITS.blocksMax + 1) }) });
      expect([tooMany.statusCode, errorOf(tooMany).message]).toEqual([400, EMAIL_MESSAGES.tooManyBlocks]);
      const longSubject = await call('createEmailCampaign', { storeId: store.id, fields: fieldsOf({ subject: 's'.repeat(EMAIL_LIMITS.subjectMax + 1) }) });
      expect([longSubject.statusCode, errorOf(longSubject).message]).toEqual([400, EMAIL_MESSAGES.subjectTooLong]);
      expect((await call('createEmailCampaign', { storeId: store.id, fields: fieldsOf({ body: blocks(EMAIL_LIMITS.blocksMax), subject: 's'.repeat(EMAIL_LIMITS.subjectMax) }) })).statusCode).toBe(200);
    });

    it('edits and deletes drafts and cancelled campaigns only', async () => {
      const campaign = await create();
      const edited = await call('updateEmailCampaign', { storeId: store.id, campaignId: campaign.id, fields: fieldsOf({ subject: 'Edited' }) });
      expect(edited.json().result).toMatchObject({ subject: 'Edited', status: 'draft' });
      for (const status of ['scheduled', 'sending', 'sent', 'failed'] as const) {
        await setStatus(campaign.id, status);
        const update = await call('updateEmailCampaign', { storeId: store.id, campaignId: campaign.id, fields: fieldsOf({ subject: 'Again' }) });
        expect([update.statusCode, errorOf(update).message], status).toEqual([400, EMAIL_MESSAGES.notEditable]);
        const remove = await call('deleteEmailCampaign', { storeId: store.id, campaignId: campaign.id });
        expect([remove.statusCode, errorOf(remove).message], status).toEqual([400, EMAIL_MESSAGES.notDeletable]);
      }
      await setStatus(campaign.id, 'cancelled');
      expect((await call('updateEmailCampaign', { storeId: store.id, campaignId: campaign.id, fields: fieldsOf({ subject: 'Fixed' }) })).json().result).toMatchObject({ subject: 'Fixed', status: 'cancelled' });
      expect((await call('deleteEmailCampaign', { storeId: store.id, campaignId: campaign.id })).json()).toEqual({ result: { deleted: true } });
      expect((await call('getEmailCampaign', { storeId: store.id, campaignId: campaign.id })).statusCode).toBe(404);
    });

    it('a campaign stopped after sending keeps its record: not edited, deleted or sent again', async () => {
      const campaign = await create();
      await setStatus(campaign.id, 'cancelled');
      await recipient(campaign.id, store.id, { status: 'sent' });
      const remove = await call('deleteEmailCampaign', { storeId: store.id, campaignId: campaign.id });
      expect([remove.statusCode, errorOf(remove).message]).toEqual([400, EMAIL_MESSAGES.notDeletable]);
      const update = await call('updateEmailCampaign', { storeId: store.id, campaignId: campaign.id, fields: fieldsOf({ subject: 'Changed' }) });
      expect([update.statusCode, errorOf(update).message]).toEqual([400, EMAIL_MESSAGES.notEditable]);
      const again = await call('scheduleEmailCampaign', { storeId: store.id, campaignId: campaign.id, sendAt: null });
      expect([again.statusCode, errorOf(again).message]).toEqual([400, EMAIL_MESSAGES.notSchedulable]);
      expect((await call('getEmailCampaign', { storeId: store.id, campaignId: campaign.id })).json().result).toMatchObject({ subject: 'Spring is here', status: 'cancelled' });
    });
  });

  describe('stats', () => {
    it('counts each campaign’s recipient rows and events, and only its own', async () => {
      const campaign = await create({ subject: 'Stats' });
      await setStatus(campaign.id, 'sent');
      const at = clock.now();
      await recipient(campaign.id, store.id, { status: 'sent', sentAt: at, deliveredAt: at, openedAt: at, clickedAt: at });
      await recipient(campaign.id, store.id, { status: 'sent', sentAt: at, deliveredAt: at, openedAt: at, unsubscribedAt: at });
      await recipient(campaign.id, store.id, { status: 'sent', sentAt: at, bouncedAt: at });
      await recipient(campaign.id, store.id, { status: 'sent', sentAt: at, deliveredAt: at, complainedAt: at });
      await recipient(campaign.id, store.id, { status: 'failed' });
      await recipient(campaign.id, store.id, { status: 'skipped' });
      const other = await create({ subject: 'Other' });
      await setStatus(other.id, 'sent');
      await recipient(other.id, store.id, { status: 'sent' });
      const expected = { recipients: 6, sent: 4, delivered: 3, opened: 2, clicked: 1, bounced: 1, complained: 1, unsubscribed: 1, failed: 1 };
      expect((await call('getEmailCampaign', { storeId: store.id, campaignId: campaign.id })).json().result.stats).toEqual(expected);
      const listed = (await call('listEmailCampaigns', { storeId: store.id })).json().result.campaigns as { id: string; stats: unknown }[];
      expect(listed.find((entry) => entry.id === campaign.id)?.stats).toEqual(expected);
      expect(listed.find((entry) => entry.id === other.id)?.stats).toMatchObject({ recipients: 1, sent: 1 });
    });
  });

  describe('scheduling', () => {
    const schedule = (campaignId: string, sendAt: string | null) => call('scheduleEmailCampaign', { storeId: store.id, campaignId, sendAt });

    it('send now: scheduled for now, with its start job queued', async () => {
      const campaign = await create();
      const reply = await schedule(campaign.id, null);
      expect(reply.statusCode).toBe(200);
      expect(reply.json().result).toMatchObject({ status: 'scheduled', scheduledAt: clock.now().toISOString() });
      const [job] = await startJobs(campaign.id);
      expect(job?.runAt.toISOString()).toBe(clock.now().toISOString());
    });

    it('a second "send now" (a double click, a retry) answers the campaign and queues no second start', async () => {
      const campaign = await create();
      const [first, second] = await Promise.all([schedule(campaign.id, null), schedule(campaign.id, null)]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(second.json().result).toMatchObject({ id: campaign.id, status: 'scheduled', scheduledAt: clock.now().toISOString() });
      expect(await startJobs(campaign.id)).toHaveLength(1);

      const startedAt = clock.now();
      for (const status of ['sending', 'sent'] as const) {
        await setStatus(campaign.id, status);
        expect((await schedule(campaign.id, null)).json().result).toMatchObject({ status });
      }
      clock.set(new Date(startedAt.getTime() + SEND_NOW_REPEAT_MS));
      expect((await schedule(campaign.id, null)).statusCode).toBe(200);
      clock.set(new Date(startedAt.getTime() + SEND_NOW_REPEAT_MS + 1));
      const late = await schedule(campaign.id, null);
      expect([late.statusCode, errorOf(late).message]).toEqual([400, EMAIL_MESSAGES.notSchedulable]);
      clock.set(startedAt);
      expect(await startJobs(campaign.id)).toHaveLength(1);
    });

    it('scheduling again for the same time is a repeat; for another time it is refused', async () => {
      const campaign = await create();
      const at = new Date(clock.now().getTime() + HOUR).toISOString();
      expect((await schedule(campaign.id, at)).statusCode).toBe(200);
      expect((await schedule(campaign.id, at)).json().result).toMatchObject({ status: 'scheduled', scheduledAt: at });
      const other = await schedule(campaign.id, new Date(clock.now().getTime() + 2 * HOUR).toISOString());
      expect([other.statusCode, errorOf(other).message]).toEqual([400, EMAIL_MESSAGES.notSchedulable]);
      // "Send now" on a campaign scheduled for later is not a repeat of anything.
      const now = await schedule(campaign.id, null);
      expect([now.statusCode, errorOf(now).message]).toEqual([400, EMAIL_MESSAGES.notSchedulable]);
      expect(await startJobs(campaign.id)).toHaveLength(1);
    });

    it('schedules in the future up to the limit, in any offset, and refuses the past and further ahead', async () => {
      const campaign = await create();
      const now = clock.now().getTime();
      const past = await schedule(campaign.id, new Date(now).toISOString());
      expect([past.statusCode, errorOf(past).message]).toEqual([400, EMAIL_MESSAGES.scheduleInPast]);
      const tooFar = await schedule(campaign.id, new Date(now + EMAIL_LIMITS.scheduleMaxDays * DAY + 1000).toISOString());
      expect([tooFar.statusCode, errorOf(tooFar).message]).toEqual([400, EMAIL_MESSAGES.scheduleTooFar]);
      expect(await startJobs(campaign.id)).toEqual([]);

      const furthest = new Date(now + EMAIL_LIMITS.scheduleMaxDays * DAY);
      expect((await schedule(campaign.id, furthest.toISOString())).json().result).toMatchObject({ status: 'scheduled', scheduledAt: furthest.toISOString() });
      const soon = await create();
      // 12:01 UTC written as 14:01 at +02:00.
      const reply = await schedule(soon.id, '2030-06-01T14:01:00+02:00');
      expect(reply.json().result.scheduledAt).toBe('2030-06-01T12:01:00.000Z');
    });

    it('refuses without a postal address, while paused, and with nobody to send to', async () => {
      const campaign = await create();
      await t.db.update(storeEmailSettings).set({ postalAddress: '  ' }).where(eq(storeEmailSettings.storeId, store.id));
      const noAddress = await schedule(campaign.id, null);
      expect([noAddress.statusCode, errorOf(noAddress).message]).toEqual([400, EMAIL_MESSAGES.postalAddressRequired]);
      await t.db.update(storeEmailSettings).set({ postalAddress: '1 Main St', pausedAt: clock.now(), pausedReason: 'complaints' }).where(eq(storeEmailSettings.storeId, store.id));
      const paused = await schedule(campaign.id, null);
      expect([paused.statusCode, errorOf(paused).message]).toEqual([400, EMAIL_MESSAGES.sendingPaused]);
      await t.db.update(storeEmailSettings).set({ pausedAt: null, pausedReason: null }).where(eq(storeEmailSettings.storeId, store.id));

      const nobody = (await call('createEmailSegment', { storeId: store.id, name: 'Nobody', filter: { tags: ['no-such-tag'] } })).json().result;
      const empty = await create({ segmentId: nobody.id });
      const refused = await schedule(empty.id, null);
      expect([refused.statusCode, errorOf(refused).message]).toEqual([400, EMAIL_MESSAGES.noRecipients]);
      expect((await call('getEmailCampaign', { storeId: store.id, campaignId: empty.id })).json().result.status).toBe('draft');
      expect(await startJobs(empty.id)).toEqual([]);
    });

    it('a store without email settings has no postal address', async () => {
      const lone = await signedInCreator(t, { now: clock.now() });
      const loneStore = await createStoreAs(t, lone, 'campaign-lone');
      const campaign = await create({}, lone, loneStore.id);
      const reply = await call('scheduleEmailCampaign', { storeId: loneStore.id, campaignId: campaign.id, sendAt: null }, lone);
      expect(errorOf(reply).message).toBe(EMAIL_MESSAGES.postalAddressRequired);
    });

    it('refuses an empty subject or body, and a product card that is not published', async () => {
      const noSubject = await create({ subject: '' });
      expect(errorOf(await schedule(noSubject.id, null)).message).toBe(EMAIL_MESSAGES.subjectRequired);
      const noBody = await create({ body: [] });
      expect(errorOf(await schedule(noBody.id, null)).message).toBe(EMAIL_MESSAGES.bodyRequired);
      const draftProduct = await insertProduct(t, store.id, { status: 'draft' });
      const withDraft = await create({ body: [{ id: 'p', type: 'product', productId: draftProduct.id }] });
      expect(errorOf(await schedule(withDraft.id, null)).message).toBe(EMAIL_MESSAGES.productNotPublished);
      const published = await insertProduct(t, store.id);
      const withPublished = await create({ body: [{ id: 'p', type: 'product', productId: published.id }] });
      expect((await schedule(withPublished.id, null)).json().result.status).toBe('scheduled');
    });

    it('only drafts and cancelled campaigns can be scheduled', async () => {
      const campaign = await create();
      for (const status of ['scheduled', 'sending', 'sent', 'failed'] as const) {
        await setStatus(campaign.id, status);
        const reply = await schedule(campaign.id, null);
        expect([reply.statusCode, errorOf(reply).message], status).toEqual([400, EMAIL_MESSAGES.notSchedulable]);
      }
      await setStatus(campaign.id, 'cancelled');
      expect((await schedule(campaign.id, null)).json().result.status).toBe('scheduled');
    });

    it('cancels a scheduled campaign only', async () => {
      const campaign = await create();
      const draft = await call('cancelEmailCampaign', { storeId: store.id, campaignId: campaign.id });
      expect([draft.statusCode, errorOf(draft).message]).toEqual([400, EMAIL_MESSAGES.notCancellable]);
      await schedule(campaign.id, new Date(clock.now().getTime() + HOUR).toISOString());
      const cancelled = await call('cancelEmailCampaign', { storeId: store.id, campaignId: campaign.id });
      expect(cancelled.json().result).toMatchObject({ status: 'cancelled' });
      for (const status of ['sending', 'sent', 'cancelled'] as const) {
        await setStatus(campaign.id, status);
        const reply = await call('cancelEmailCampaign', { storeId: store.id, campaignId: campaign.id });
        expect([reply.statusCode, errorOf(reply).message], status).toEqual([400, EMAIL_MESSAGES.notCancellable]);
      }
    });
  });

  describe('stopping', () => {
    it('stops a sending campaign: pending rows cancelled, the note says how many were sent', async () => {
      const campaign = await create();
      await setStatus(campaign.id, 'sending');
      for (let index = 0; index < 2; index++) await recipient(campaign.id, store.id, { status: 'sent', sentAt: clock.now() });
      for (let index = 0; index < 3; index++) await recipient(campaign.id, store.id, { status: 'pending', lockedUntil: clock.now() });
      const reply = await call('stopEmailCampaign', { storeId: store.id, campaignId: campaign.id });
      expect(reply.json().result).toMatchObject({ status: 'cancelled', statusNote: 'Stopped after 2 of 5 were sent', finishedAt: clock.now().toISOString() });
      expect(reply.json().result.stats).toMatchObject({ recipients: 5, sent: 2 });
      const rows = await t.db.select({ status: emailCampaignRecipients.status }).from(emailCampaignRecipients).where(eq(emailCampaignRecipients.campaignId, campaign.id));
      expect(rows.map((row) => row.status).sort()).toEqual(['cancelled', 'cancelled', 'cancelled', 'sent', 'sent']);
    });

    it('refuses to stop a campaign that is not sending', async () => {
      const campaign = await create();
      for (const status of ['draft', 'scheduled', 'sent', 'failed', 'cancelled'] as const) {
        await setStatus(campaign.id, status);
        const reply = await call('stopEmailCampaign', { storeId: store.id, campaignId: campaign.id });
        expect([reply.statusCode, errorOf(reply).message], status).toEqual([400, EMAIL_MESSAGES.notStoppable]);
      }
    });
  });

  describe('test sends', () => {
    it('queues the campaign to the signed-in creator only, marked [Test], without a working unsubscribe link', async () => {
      const campaign = await create({ subject: 'Try <b>this</b>' });
      const reply = await call('sendTestEmail', { storeId: store.id, campaignId: campaign.id });
      expect(reply.json()).toEqual({ result: { sentTo: creatorEmail } });
      const [mail] = await queuedEmails(t, creatorEmail);
      expect(mail?.subject).toBe('[Test] Try <b>this</b>');
      expect(mail?.tags).toEqual(['campaign-test']);
      expect(mail?.html).toContain('1 Main St');
      expect(mail?.html).not.toContain('/e/u/');
      expect(mail?.html).not.toContain('<b>this</b>');
    });

    it(`allows ${EMAIL_LIMITS.testSendsPerHour} test sends per campaign an hour, then refuses until the next hour`, async () => {
      const campaign = await create();
      clock.set(new Date('2030-06-02T10:00:00.000Z'));
      for (let index = 0; index < EMAIL_LIMITS.testSendsPerHour; index++) {
        expect((await call('sendTestEmail', { storeId: store.id, campaignId: campaign.id })).statusCode).toBe(200);
      }
      const refused = await call('sendTestEmail', { storeId: store.id, campaignId: campaign.id });
      expect([refused.statusCode, errorOf(refused).message]).toEqual([429, EMAIL_MESSAGES.testSendLimit]);
      const another = await create();
      expect((await call('sendTestEmail', { storeId: store.id, campaignId: another.id })).statusCode).toBe(200);
      clock.advance(HOUR);
      expect((await call('sendTestEmail', { storeId: store.id, campaignId: campaign.id })).statusCode).toBe(200);
    });
  });

  describe('ownership', () => {
    it('a foreign store’s campaign answers exactly like a missing one, and is left as it was', async () => {
      const theirs = await create({ subject: 'Theirs' }, mallory, malloryStore.id);
      const calls: [string, (campaignId: string) => Record<string, unknown>][] = [
        ['getEmailCampaign', (campaignId) => ({ storeId: store.id, campaignId })],
        ['updateEmailCampaign', (campaignId) => ({ storeId: store.id, campaignId, fields: fieldsOf({ subject: 'Mine' }) })],
        ['deleteEmailCampaign', (campaignId) => ({ storeId: store.id, campaignId })],
        ['sendTestEmail', (campaignId) => ({ storeId: store.id, campaignId })],
        ['scheduleEmailCampaign', (campaignId) => ({ storeId: store.id, campaignId, sendAt: null })],
        ['cancelEmailCampaign', (campaignId) => ({ storeId: store.id, campaignId })],
        ['stopEmailCampaign', (campaignId) => ({ storeId: store.id, campaignId })],
      ];
      for (const [name, data] of calls) {
        const foreign = await call(name, data(theirs.id));
        const missing = await call(name, data(MISSING_CAMPAIGN));
        expect([foreign.statusCode, errorOf(foreign)], name).toEqual([404, { status: 'NOT_FOUND', message: EMAIL_MESSAGES.campaignNotFound }]);
        expect([missing.statusCode, errorOf(missing)], name).toEqual([404, { status: 'NOT_FOUND', message: EMAIL_MESSAGES.campaignNotFound }]);
      }
      const [row] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, theirs.id));
      expect(row).toMatchObject({ subject: 'Theirs', status: 'draft' });
      expect(await startJobs(theirs.id)).toEqual([]);
      expect(await queuedEmails(t, creatorEmail).then((mails) => mails.filter((mail) => mail.subject === '[Test] Theirs'))).toEqual([]);
    });

    it('every campaign function and the store stats refuse a foreign store exactly like a missing one', async () => {
      const theirs = await create({ subject: 'Theirs too' }, mallory, malloryStore.id);
      const campaignsOf = async (storeId: string) => (await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.storeId, storeId))).length;
      const before = await campaignsOf(malloryStore.id);
      const calls: [string, (storeId: string) => Record<string, unknown>][] = [
        ['listEmailCampaigns', (storeId) => ({ storeId })],
        ['getEmailCampaign', (storeId) => ({ storeId, campaignId: theirs.id })],
        ['createEmailCampaign', (storeId) => ({ storeId, fields: fieldsOf() })],
        ['updateEmailCampaign', (storeId) => ({ storeId, campaignId: theirs.id, fields: fieldsOf() })],
        ['deleteEmailCampaign', (storeId) => ({ storeId, campaignId: theirs.id })],
        ['sendTestEmail', (storeId) => ({ storeId, campaignId: theirs.id })],
        ['scheduleEmailCampaign', (storeId) => ({ storeId, campaignId: theirs.id, sendAt: null })],
        ['cancelEmailCampaign', (storeId) => ({ storeId, campaignId: theirs.id })],
        ['stopEmailCampaign', (storeId) => ({ storeId, campaignId: theirs.id })],
        ['getStoreStats', (storeId) => ({ storeId })],
      ];
      for (const [name, data] of calls) {
        const foreign = await call(name, data(malloryStore.id));
        const missing = await call(name, data(MISSING_STORE));
        expect([foreign.statusCode, errorOf(foreign)], name).toEqual([missing.statusCode, errorOf(missing)]);
        expect(errorOf(foreign).message, name).toBe(MESSAGES.stores.notFound);
      }
      expect((await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, theirs.id)))[0]).toMatchObject({ subject: 'Theirs too', status: 'draft' });
      expect(await campaignsOf(malloryStore.id)).toBe(before);
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { customers, emailOutbox, emailSuppressions } from '#src/db/schema/index.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import {
  campaignRow, insertContacts, recipientRows, scheduleTestCampaign, seedSendingStore, stopCampaignLikeTheHandler,
} from '#src/testing/email-campaigns.ts';
import { startCampaignSend } from './start-campaign-send.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const runner = (env = t.env) => createAppJobRunner({ env, db: t.db, log: silentLog });
const outboxFor = (campaignId: string) =>
  t.db.select().from(emailOutbox).then((rows) => rows.filter((row) => row.tags.includes(`campaign:${campaignId}`)));

describe('campaign sending through the outbox', () => {
  it('fans out to exactly the segment and sends each one message with the one-click headers', async () => {
    const { storeId } = await seedSendingStore(t.db, 'fanout-mugs');
    await insertContacts(t.db, storeId, [
      { email: 'vip1@example.com', tags: ['vip'] },
      { email: 'vip2@example.com', tags: ['VIP'] },
      { email: 'plain@example.com' },
      { email: 'noconsent@example.com', tags: ['vip'], consent: false },
      { email: 'suppressed@example.com', tags: ['vip'] },
    ]);
    await t.db.insert(emailSuppressions).values({ storeId, email: 'suppressed@example.com', reason: 'bounced' });
    const { campaignId } = await scheduleTestCampaign(t.db, { storeId, filter: { tags: ['vip'] } });

    const jobsRunner = runner();
    await jobsRunner.runDue();
    await jobsRunner.stop();

    const rows = await recipientRows(t.db, campaignId);
    expect(rows.map((row) => row.email).sort()).toEqual(['vip1@example.com', 'vip2@example.com']);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
    const campaign = await campaignRow(t.db, campaignId);
    expect(campaign).toMatchObject({ status: 'sent', recipientCount: 2, filterSnapshot: { tags: ['vip'] } });

    const mail = await outboxFor(campaignId);
    expect(mail.map((row) => row.to).sort()).toEqual(['vip1@example.com', 'vip2@example.com']);
    for (const message of mail) {
      const row = rows.find((r) => r.email === message.to)!;
      expect(row.messageId).toMatch(/^<rcp_[0-9a-z]{20}@[^>]+>$/);
      expect(message.headers['Message-ID']).toBe(row.messageId);
      expect(message.headers['List-Unsubscribe']).toMatch(new RegExp(`^<${t.env.publicUrl}/e/u/[^>]+>$`));
      expect(message.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(message.subject).toBe('Spring drop at Cozy Mugs');
      expect(message.html).toContain('1 Market Street');
      expect(message.text).toContain('/e/u/');
      expect(row.providerMessageId).toBe(message.id);
    }
  });

  it('skips a recipient suppressed after the fan-out and never sends to them', async () => {
    const { storeId } = await seedSendingStore(t.db, 'late-unsub-mugs');
    await insertContacts(t.db, storeId, [{ email: 'stays@example.com' }, { email: 'leaves@example.com' }]);
    const { campaignId, runAt } = await scheduleTestCampaign(t.db, { storeId });
    // The fan-out alone (what the start job does), then the unsubscribe, then the batches.
    const started = await t.db.transaction((tx) =>
      startCampaignSend(tx, { campaignId, storeId, runAt: runAt.toISOString() }, { messageIdDomain: 'shopfront.test', now: new Date() }),
    );
    expect(started).toEqual({ outcome: 'started', recipients: 2 });
    expect((await recipientRows(t.db, campaignId)).map((row) => row.status)).toEqual(['pending', 'pending']);

    await t.db.insert(emailSuppressions).values({ storeId, email: 'leaves@example.com', reason: 'unsubscribed' });
    const jobsRunner = runner();
    await jobsRunner.runDue();
    await jobsRunner.stop();

    const byEmail = Object.fromEntries((await recipientRows(t.db, campaignId)).map((row) => [row.email, row.status]));
    expect(byEmail).toEqual({ 'stays@example.com': 'sent', 'leaves@example.com': 'skipped' });
    expect((await outboxFor(campaignId)).map((row) => row.to)).toEqual(['stays@example.com']);
    expect((await campaignRow(t.db, campaignId)).status).toBe('sent');
  });

  it('a stopped campaign keeps its unsent rows cancelled, and only the sent ones have mail', async () => {
    // 3 a second, so the stop lands while most of the 12 are still pending.
    const env = testEnv({ EMAIL_CAMPAIGN_RATE_PER_STORE: '3' });
    const { storeId } = await seedSendingStore(t.db, 'stopped-mugs');
    await insertContacts(t.db, storeId, Array.from({ length: 12 }, (_, i) => ({ email: `stop${i}@example.com` })));
    const { campaignId } = await scheduleTestCampaign(t.db, { storeId });
    const jobsRunner = runner(env);
    const running = jobsRunner.runDue();
    for (;;) {
      const rows = await recipientRows(t.db, campaignId);
      if (rows.filter((row) => row.status === 'sent').length >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await stopCampaignLikeTheHandler(t.db, campaignId);
    await running;
    await jobsRunner.stop();

    const rows = await recipientRows(t.db, campaignId);
    const sent = rows.filter((row) => row.status === 'sent');
    const cancelled = rows.filter((row) => row.status === 'cancelled');
    expect(sent.length + cancelled.length).toBe(12);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(cancelled.length).toBeGreaterThanOrEqual(1);
    expect((await outboxFor(campaignId)).map((row) => row.to).sort()).toEqual(sent.map((row) => row.email).sort());
    expect((await campaignRow(t.db, campaignId)).status).toBe('cancelled');
  });

  it('refuses to start without a postal address, and leaves nothing queued to send', async () => {
    const { storeId } = await seedSendingStore(t.db, 'no-address-mugs');
    await t.db.execute(`update store_email_settings set postal_address = '' where store_id = '${storeId}'`);
    await insertContacts(t.db, storeId, [{ email: 'someone@example.com' }]);
    const { campaignId } = await scheduleTestCampaign(t.db, { storeId });
    const jobsRunner = runner();
    await jobsRunner.runDue();
    await jobsRunner.stop();
    expect(await campaignRow(t.db, campaignId)).toMatchObject({ status: 'failed', statusNote: expect.stringContaining('postal address') });
    expect(await recipientRows(t.db, campaignId)).toEqual([]);
  });

  it('skips a start job whose campaign was cancelled before it ran', async () => {
    const { storeId } = await seedSendingStore(t.db, 'cancelled-mugs');
    await insertContacts(t.db, storeId, [{ email: 'someone@example.com' }]);
    const { campaignId } = await scheduleTestCampaign(t.db, { storeId });
    await t.db.execute(`update email_campaigns set status = 'cancelled' where id = '${campaignId}'`);
    const jobsRunner = runner();
    await jobsRunner.runDue();
    await jobsRunner.stop();
    expect((await campaignRow(t.db, campaignId)).status).toBe('cancelled');
    expect(await recipientRows(t.db, campaignId)).toEqual([]);
    const [customer] = await t.db.select().from(customers).where(eq(customers.storeId, storeId));
    expect(customer?.marketingConsent).toBe(true);
  });
});

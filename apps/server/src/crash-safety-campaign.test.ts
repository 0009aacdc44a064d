import { appendFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCampaignRecipients, emailCampaigns, jobs } from './db/schema/index.ts';
import { insertManyContacts, scheduleTestCampaign, seedSendingStore } from './testing/email-campaigns.ts';
import { useCrashDrill } from './testing/crash-drill.ts';
import { startHeaderSink, type HeaderSink } from './testing/smtp-test-server.ts';

/**
 * Crash safety, campaign sending (decision 025): a campaign to RECIPIENTS addresses through a real
 * SMTP server on loopback; the app server is killed with SIGKILL twice mid-send and started again
 * on the same database. The sink counts what it accepted by Message-ID and by recipient.
 *
 * Exactly one message per recipient: every recipient's mail carries one Message-ID, the one fixed
 * on their row at the fan-out, and every row ends `sent`. SMTP has no two-phase commit, so a kill in
 * the instant between the sink's 250 and our `sent` write delivers that message once more after
 * the lease — with the same Message-ID, which receivers de-duplicate on; those redeliveries are
 * counted and bounded by what can be in flight at a kill.
 */
/** 2,000 here; the bench variant (`npm run bench -- failure-drills`) sends to 10,000. */
const RECIPIENTS = Number(process.env.CAMPAIGN_CRASH_RECIPIENTS ?? 2_000);
/** Messages one server can have sent but not yet marked: 2 lanes × 16 in flight, times two kills. */
const MAX_REDELIVERED = 2 * 2 * 16;

let sink: HeaderSink;
const accepted: { messageId: string; to: string }[] = [];

const drill = useCrashDrill({
  env: () => ({
    EMAIL_PROVIDER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(sink.port),
    EMAIL_FROM: 'Cozy Mugs <news@shopfront.test>',
    // A crashed server's rows are taken over after 4 s instead of a minute.
    EMAIL_CAMPAIGN_LEASE_SECONDS: '4',
    EMAIL_CAMPAIGN_RATE_PER_STORE: '100000',
    EMAIL_CAMPAIGN_RATE_PLATFORM: '100000',
  }),
});

beforeAll(async () => {
  sink = await startHeaderSink(({ messageId, to }) => accepted.push({ messageId, to }));
});
afterAll(async () => {
  await sink?.close();
});

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let lastReport = Date.now();
  while (!(await check())) {
    if (process.env.CAMPAIGN_CRASH_DEBUG && Date.now() - lastReport > 2000) {
      lastReport = Date.now();
      const states = await drill.database.db.execute(sql`select status, count(*)::int n from email_campaign_recipients group by 1`);
      const jobStates = await drill.database.db.execute(sql`select kind, status, count(*)::int n, max(last_error) e from jobs group by 1,2`);
      appendFileSync(process.env.CAMPAIGN_CRASH_DEBUG, `${what} ${accepted.length} ${JSON.stringify(states.rows)} ${JSON.stringify(jobStates.rows)}\n`);
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('kill -9 twice during a campaign send, then restarts on the same database', () => {
  it(`${RECIPIENTS} recipients through SMTP on loopback: each gets exactly one message (one Message-ID)`, { timeout: 300_000 }, async () => {
    const { db } = drill.database;
    const started = Date.now();
    const { storeId } = await seedSendingStore(db, 'campaign-crash');
    await insertManyContacts(db, storeId, RECIPIENTS);
    const { campaignId } = await scheduleTestCampaign(db, { storeId });

    await drill.restart();
    await waitFor('a quarter of the mail', () => accepted.length >= RECIPIENTS * 0.25, 120_000);
    const atFirstKill = accepted.length;
    await drill.restart();
    await waitFor('more mail after the first restart', () => accepted.length >= atFirstKill + RECIPIENTS * 0.3, 120_000);
    const atSecondKill = accepted.length;
    const target = await drill.restart();
    await waitFor('the campaign to finish', async () => {
      const [row] = await db.select({ status: emailCampaigns.status }).from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
      return row?.status === 'sent';
    }, 150_000);
    await target.stop();

    const rows = await db.select({ email: emailCampaignRecipients.email, messageId: emailCampaignRecipients.messageId, status: emailCampaignRecipients.status })
      .from(emailCampaignRecipients).where(eq(emailCampaignRecipients.campaignId, campaignId));
    expect(rows).toHaveLength(RECIPIENTS);
    expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);

    // By Message-ID: exactly the rows' Message-IDs arrived, each for its own recipient.
    const messageIdOf = new Map(rows.map((row) => [row.email, row.messageId]));
    const distinctIds = new Set(accepted.map((mail) => mail.messageId));
    expect(distinctIds.size).toBe(RECIPIENTS);
    expect([...distinctIds].filter((id) => !rows.some((row) => row.messageId === id)).length).toBe(0);
    expect(accepted.filter((mail) => messageIdOf.get(mail.to) !== mail.messageId)).toEqual([]);
    // By recipient: every address got mail, all of it with one Message-ID.
    const idsByRecipient = new Map<string, Set<string>>();
    for (const mail of accepted) idsByRecipient.set(mail.to, (idsByRecipient.get(mail.to) ?? new Set()).add(mail.messageId));
    expect(idsByRecipient.size).toBe(RECIPIENTS);
    expect([...idsByRecipient.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    const redelivered = accepted.length - RECIPIENTS;
    expect(redelivered).toBeLessThanOrEqual(MAX_REDELIVERED);

    const [jobCount] = await db.select({ n: sql<number>`count(*)::int` }).from(jobs);
    console.info(
      `crash drill campaign: ${RECIPIENTS} recipients, kills at ${atFirstKill} and ${atSecondKill} accepted; ` +
        `${accepted.length} SMTP deliveries, ${distinctIds.size} distinct Message-IDs, ${redelivered} same-Message-ID redeliveries; ` +
        `${jobCount?.n} job rows; ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
});

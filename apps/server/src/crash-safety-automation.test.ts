import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { automationRuns, customers, emailOutbox } from './db/schema/index.ts';
import { addAutomation, emailStep } from './domain/automations/automation-test-fixtures.ts';
import { startRuns } from './domain/automations/start-runs.ts';
import { useCrashDrill } from './testing/crash-drill.ts';
import { insertManyContacts, seedSendingStore } from './testing/email-campaigns.ts';

/**
 * Crash safety, automations (decision 044): CONTACTS contacts in a two-email automation, sent
 * through the outbox by a real server process that is killed with SIGKILL mid-send and started
 * again on the same database. With the outbox the row, the step and the job's `done` commit
 * together, so every contact gets each email exactly once, whenever the kill lands. The store's
 * send rate (50 a second) spreads the 400 emails over seconds, so the kill finds the flow half done.
 */
const CONTACTS = 200;
const EMAILS = 2;

const drill = useCrashDrill({
  env: () => ({
    EMAIL_PROVIDER: 'outbox',
    // A killed server's step jobs and rows are taken over after 4 s instead of a minute.
    EMAIL_CAMPAIGN_LEASE_SECONDS: '4',
    EMAIL_CAMPAIGN_RATE_PER_STORE: '50',
    EMAIL_CAMPAIGN_RATE_PLATFORM: '100000',
  }),
});

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('kill -9 during an automation send, then a restart on the same database', () => {
  it(`${CONTACTS} contacts in a ${EMAILS}-email automation through the outbox: each gets each email exactly once`, { timeout: 240_000 }, async () => {
    const { db } = drill.database;
    const { storeId } = await seedSendingStore(db, 'automation-crash');
    await insertManyContacts(db, storeId, CONTACTS);
    const automationId = await addAutomation(db, storeId, { kind: 'tag-added', tag: 'drill' }, [emailStep('e1', 'First'), emailStep('e2', 'Second')]);
    const contacts = await db.select({ id: customers.id }).from(customers).where(eq(customers.storeId, storeId));
    await db.transaction(async (tx) => {
      for (const contact of contacts) await startRuns(tx, { storeId, customerId: contact.id, kind: 'tag-added', key: 'tag:drill:1', tag: 'drill' });
    });
    const sent = async () => {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(sql`'campaign' = any(${emailOutbox.tags})`);
      return row?.n ?? 0;
    };

    await drill.restart();
    await waitFor('a quarter of the mail', async () => (await sent()) >= (CONTACTS * EMAILS) / 4, 120_000);
    const atKill = await sent();
    // The kill lands mid-send: some of the mail is out, not all of it.
    expect(atKill).toBeLessThan(CONTACTS * EMAILS);
    const target = await drill.restart();
    await waitFor('every run to finish', async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(automationRuns)
        .where(and(eq(automationRuns.automationId, automationId), eq(automationRuns.status, 'completed')));
      return row?.n === CONTACTS;
    }, 180_000);
    await target.stop();

    const mail = await db
      .select({ to: emailOutbox.to, subject: emailOutbox.subject, n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(sql`'campaign' = any(${emailOutbox.tags})`)
      .groupBy(emailOutbox.to, emailOutbox.subject);
    expect(mail).toHaveLength(CONTACTS * EMAILS);
    expect(mail.filter((row) => row.n !== 1)).toEqual([]);
    expect(new Set(mail.map((row) => row.to)).size).toBe(CONTACTS);
    console.info(`crash drill automation: ${CONTACTS} contacts × ${EMAILS} emails, killed at ${atKill} sent; ${mail.length} (contact, email) pairs, each once`);
  });
});

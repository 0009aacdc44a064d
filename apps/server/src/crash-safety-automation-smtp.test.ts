import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOMATION_STEP_CONCURRENCY } from './app-jobs.ts';
import { automationRuns, automationStepRuns, customers, emailCampaignRecipients } from './db/schema/index.ts';
import { addAutomation, emailStep } from './domain/automations/automation-test-fixtures.ts';
import type { DrillHoldPoint } from './domain/automations/drill-hold.ts';
import { STEP_EMAIL_BATCH } from './domain/automations/run-email-step-batch.ts';
import { startRuns } from './domain/automations/start-runs.ts';
import { useCrashDrill } from './testing/crash-drill.ts';
import type { SpawnedServer } from './testing/server-process.ts';
import { insertManyContacts, seedSendingStore } from './testing/email-campaigns.ts';
import { startHeaderSink, type HeaderSink } from './testing/smtp-test-server.ts';

/**
 * Crash safety, automation mail over SMTP (decision 044): a real server process sends an
 * automation's two email steps to a loopback SMTP sink and is killed with SIGKILL at a chosen
 * point of a send (`AUTOMATION_DRILL_HOLD` holds every send there, so the kill lands in that window
 * and nowhere else), then started again on the same database without the hold.
 *
 * - Killed after "step recorded"'s first half, the row marked `sent` (`after-mark`): nothing is sent
 *   again; every contact gets each email exactly once at the sink.
 * - Killed between the sink's 250 and the `sent` mark (`after-accept`): SMTP has no two-phase
 *   commit and the sink is no idempotent API, so the new server cannot know the message went out.
 *   It sends it once more after the row's lease, with the same Message-ID. The drill proves the
 *   bound: only the messages accepted before the kill arrive twice, each exactly twice and under
 *   its one Message-ID; a mailbox that drops a Message-ID it holds (Gmail does) shows it once.
 */
const CONTACTS = 12;
/**
 * Messages one server has in flight at the kill: its step runner's slots each lead an email batch of
 * up to STEP_EMAIL_BATCH runs and send them side by side, so the first round takes every contact's
 * first email at once, and every one of them reaches the hold.
 */
const IN_FLIGHT = CONTACTS;
expect(CONTACTS).toBeLessThanOrEqual(AUTOMATION_STEP_CONCURRENCY * STEP_EMAIL_BATCH);

let sink: HeaderSink;
const accepted: { messageId: string; to: string; idempotencyKey: string }[] = [];
let hold: DrillHoldPoint | null = null;

const drill = useCrashDrill({
  env: () => ({
    EMAIL_PROVIDER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(sink.port),
    EMAIL_FROM: 'Cozy Mugs <news@shopfront.test>',
    // A killed server's step jobs are taken over after 4 s, its rows after 8 s, instead of minutes.
    EMAIL_CAMPAIGN_LEASE_SECONDS: '4',
    EMAIL_CAMPAIGN_RATE_PER_STORE: '100000',
    EMAIL_CAMPAIGN_RATE_PLATFORM: '100000',
    ...(hold ? { AUTOMATION_DRILL_HOLD: hold } : {}),
  }),
});

beforeAll(async () => {
  sink = await startHeaderSink(({ messageId, to, idempotencyKey }) => accepted.push({ messageId, to, idempotencyKey }));
});
afterAll(async () => {
  await sink?.close();
});

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A store with CONTACTS contacts at `domain`, all just entered into a live two-email automation. */
async function contactsInAutomation(slug: string, domain: string) {
  const { db } = drill.database;
  const { storeId } = await seedSendingStore(db, slug);
  await insertManyContacts(db, storeId, CONTACTS, domain);
  const automationId = await addAutomation(db, storeId, { kind: 'tag-added', tag: 'drill' }, [emailStep('e1', 'First'), emailStep('e2', 'Second')]);
  const contacts = await db.select({ id: customers.id }).from(customers).where(eq(customers.storeId, storeId));
  await db.transaction(async (tx) => {
    for (const contact of contacts) await startRuns(tx, { storeId, customerId: contact.id, kind: 'tag-added', key: 'tag:drill:1', tag: 'drill' });
  });
  return { storeId, automationId };
}

/**
 * Starts a server holding every send at `point`, kills it (SIGKILL) once every message it took is held there and
 * starts one without the hold; answers the Message-IDs the sink accepted for `domain` before the kill.
 */
async function killInWindow(
  point: DrillHoldPoint,
  domain: string,
  /** Looks at the database as the kill left it, before the new server can take anything over. */
  inspect: (atKill: Set<string>) => Promise<void>,
): Promise<{ atKill: Set<string>; server: SpawnedServer }> {
  hold = point;
  const held = await drill.restart();
  // Every message the server took holds there: nothing else is sent or marked before the kill.
  await waitFor(`${IN_FLIGHT} sends held ${point}`, () => held.logs.filter((line) => line.msg === 'automation drill hold' && line.point === point).length >= IN_FLIGHT, 60_000);
  held.child.kill('SIGKILL');
  await held.stop();
  const atKill = new Set(accepted.filter((mail) => mail.to.endsWith(`@${domain}`)).map((mail) => mail.messageId));
  await inspect(atKill);
  hold = null;
  return { atKill, server: await drill.restart() };
}

async function recipientRows(messageIds: Set<string>) {
  return drill.database.db
    .select({ id: emailCampaignRecipients.id, status: emailCampaignRecipients.status })
    .from(emailCampaignRecipients)
    .where(inArray(emailCampaignRecipients.messageId, [...messageIds]));
}

async function waitForCompletedRuns(automationId: string) {
  const { db } = drill.database;
  await waitFor('every run to finish', async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(automationRuns)
      .where(and(eq(automationRuns.automationId, automationId), eq(automationRuns.status, 'completed')));
    return row?.n === CONTACTS;
  }, 120_000);
}

/** Deliveries at the sink for `domain`, by Message-ID, and the Message-IDs each address got. */
function deliveries(domain: string) {
  const mine = accepted.filter((mail) => mail.to.endsWith(`@${domain}`));
  const byMessageId = new Map<string, number>();
  const idsByAddress = new Map<string, Set<string>>();
  for (const mail of mine) {
    byMessageId.set(mail.messageId, (byMessageId.get(mail.messageId) ?? 0) + 1);
    idsByAddress.set(mail.to, (idsByAddress.get(mail.to) ?? new Set()).add(mail.messageId));
  }
  return { total: mine.length, byMessageId, idsByAddress };
}

describe('kill -9 during an automation email over SMTP, then a restart on the same database', () => {
  it('killed after the send was recorded (row sent, step not yet recorded): no email is sent again', { timeout: 180_000 }, async () => {
    const domain = 'after-mark.example.com';
    const { automationId } = await contactsInAutomation('smtp-drill-mark', domain);

    const { atKill, server } = await killInWindow('after-mark', domain, async (ids) => {
      // The kill landed in the window: each accepted message's row is sent, its step not recorded.
      const rows = await recipientRows(ids);
      expect(rows).toHaveLength(ids.size);
      expect(rows.map((row) => row.status)).toEqual(rows.map(() => 'sent'));
      const steps = await drill.database.db
        .select({ status: automationStepRuns.status })
        .from(automationStepRuns)
        .where(inArray(automationStepRuns.recipientId, rows.map((row) => row.id)));
      expect(steps).toHaveLength(ids.size);
      expect(steps.filter((step) => step.status === 'done')).toEqual([]);
    });

    await waitForCompletedRuns(automationId);
    await server.stop();
    const { total, byMessageId, idsByAddress } = deliveries(domain);
    expect(total).toBe(CONTACTS * 2);
    expect([...byMessageId.values()].filter((n) => n !== 1)).toEqual([]);
    expect(idsByAddress.size).toBe(CONTACTS);
    expect([...idsByAddress.values()].filter((ids) => ids.size !== 2)).toEqual([]);
    console.info(`crash drill automation smtp (after-mark): ${atKill.size} messages accepted and marked at the kill; ${total} deliveries for ${CONTACTS} contacts × 2 emails, none twice`);
  });

  it('killed between the SMTP accept and the sent mark: the message goes again once, under the same Message-ID', { timeout: 180_000 }, async () => {
    const domain = 'after-accept.example.com';
    const { automationId } = await contactsInAutomation('smtp-drill-accept', domain);

    const { atKill, server } = await killInWindow('after-accept', domain, async (ids) => {
      // The kill landed in the window: the sink has each of these messages, its row is not marked.
      const rows = await recipientRows(ids);
      expect(rows).toHaveLength(ids.size);
      expect(rows.map((row) => row.status)).toEqual(rows.map(() => 'pending'));
    });

    await waitForCompletedRuns(automationId);
    await server.stop();
    const { total, byMessageId, idsByAddress } = deliveries(domain);
    // One message per contact and email: one Message-ID each, every row sent.
    expect(idsByAddress.size).toBe(CONTACTS);
    expect([...idsByAddress.values()].filter((ids) => ids.size !== 2)).toEqual([]);
    expect(byMessageId.size).toBe(CONTACTS * 2);
    // Exactly the messages accepted before the kill arrived twice, and nothing else did.
    const twice = [...byMessageId].filter(([, n]) => n === 2).map(([id]) => id).sort();
    expect(twice).toEqual([...atKill].sort());
    expect([...byMessageId.values()].filter((n) => n > 2)).toEqual([]);
    expect(total).toBe(CONTACTS * 2 + atKill.size);
    const rows = await recipientRows(atKill);
    expect(rows.map((row) => row.status)).toEqual(rows.map(() => 'sent'));
    // Both copies carry the row's id as the idempotency key, so a provider honouring it keeps one.
    for (const row of rows) {
      const copies = accepted.filter((mail) => mail.to.endsWith(`@${domain}`) && mail.idempotencyKey === row.id);
      expect(copies).toHaveLength(2);
    }
    console.info(`crash drill automation smtp (after-accept): ${atKill.size} messages accepted but unmarked at the kill, each delivered again once with its Message-ID; ${total} deliveries, ${byMessageId.size} distinct Message-IDs`);
  });
});

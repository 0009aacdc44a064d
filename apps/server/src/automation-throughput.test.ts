import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { customers, emailCampaigns } from './db/schema/index.ts';
import { DEFAULT_EMAIL_CAMPAIGN_RATES } from './env.ts';
import { addAutomation, emailStep, waitStep } from './domain/automations/automation-test-fixtures.ts';
import { startRuns } from './domain/automations/start-runs.ts';
import { FINISHED_JOB_RETENTION, purgeFinishedJobs } from './jobs/purge-finished-jobs.ts';
import { useCrashDrill } from './testing/crash-drill.ts';
import { insertManyContacts, scheduleTestCampaign, seedSendingStore } from './testing/email-campaigns.ts';
import { nodemailerRate, startHeaderSink, type HeaderSink } from './testing/smtp-test-server.ts';

/**
 * `npm run bench -- automations` runs this file with AUTOMATION_BENCH=1 (skipped otherwise, so CI
 * never times anything): AUTOMATION_BENCH_CONTACTS (10,000) contacts enter a live 3-step
 * automation (email, wait a day, email) at once, then a real server process with the default
 * limits and lease starts and sends to a loopback SMTP sink. The entry is committed before the
 * server starts (transactions of ENTRY_BATCH contacts), so every first step job is due at once and
 * the send is timed apart from the entry. Prints: the entry's time, the time from the server's
 * start to the last first email the sink accepted, messages/s (first to last message), the growth
 * of the jobs table (rows and pg_total_relation_size; the rows not done, which is what a purge of
 * finished jobs would leave), the recipients table's growth, the server's RSS, duplicates (by
 * recipient and by Message-ID; the test fails on any), and then a campaign of CAMPAIGN_SIZE
 * recipients of another store sent by the same server, for the ratio of the two senders.
 * The reference, measured first: the same number of messages straight to the same sink by
 * nodemailer (8 pooled connections, 32 in flight), no database or queue.
 * Both senders keep to a store's send rate (EMAIL_CAMPAIGN_RATE_PER_STORE, 500 a second by
 * default), so at the default each tops out near 500/s; AUTOMATION_BENCH_RATE_PER_STORE raises
 * that limit for the bench's server, to show what the step engine itself can send.
 */
const CONTACTS = Number(process.env.AUTOMATION_BENCH_CONTACTS ?? 10_000);
const CAMPAIGN_SIZE = Math.min(CONTACTS, 10_000);
const ENTRY_BATCH = 500;
const RATE_PER_STORE = process.env.AUTOMATION_BENCH_RATE_PER_STORE;

let sink: HeaderSink;
const firstEmails = new Map<string, number>();
const messageIds = new Map<string, number>();
let campaignAccepted = 0;
const drill = useCrashDrill({
  env: () => ({
    EMAIL_PROVIDER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(sink.port),
    EMAIL_FROM: 'Bench <news@shopfront.test>',
    ...(RATE_PER_STORE ? { EMAIL_CAMPAIGN_RATE_PER_STORE: RATE_PER_STORE } : {}),
    // AUTOMATION_BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
    ...(process.env.AUTOMATION_BENCH_CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.AUTOMATION_BENCH_CPU_PROF}` } : {}),
  }),
});

beforeAll(async () => {
  sink = await startHeaderSink(({ to, subject, messageId }) => {
    if (subject === 'First') {
      firstEmails.set(to, (firstEmails.get(to) ?? 0) + 1);
      messageIds.set(messageId, (messageIds.get(messageId) ?? 0) + 1);
    }
    if (subject === 'Campaign bench') campaignAccepted += 1;
  });
});
afterAll(async () => {
  await sink?.close();
});

async function tables(db: Database) {
  const result = await db.execute(sql`
    select pg_total_relation_size('jobs')::bigint as jobs_bytes, (select count(*) from jobs)::int as jobs_rows,
      (select count(*) from jobs where status <> 'done')::int as live_rows,
      pg_total_relation_size('email_campaign_recipients')::bigint as recipients_bytes`);
  const row = result.rows[0] as { jobs_bytes: string; jobs_rows: number; live_rows: number; recipients_bytes: string };
  return { jobsBytes: Number(row.jobs_bytes), jobsRows: Number(row.jobs_rows), liveRows: Number(row.live_rows), recipientsBytes: Number(row.recipients_bytes) };
}

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

async function waitUntil(what: string, done: () => boolean, deadline: number, progress: () => string) {
  let lastReport = Date.now();
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}: ${progress()} in time`);
    if (Date.now() - lastReport > 30_000) {
      lastReport = Date.now();
      console.info(`automation bench: ${progress()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(process.env.AUTOMATION_BENCH)('automation throughput (bench)', () => {
  it('contacts entering a 3-step automation at once: time to every first email, jobs table growth, no duplicates', { timeout: 3_600_000 }, async () => {
    const { db } = drill.database;
    const { storeId } = await seedSendingStore(db, 'automation-bench');
    // 10,000 a statement: one insert of 100,000 passed the 10 s statement timeout on a loaded machine.
    for (let start = 0; start < CONTACTS; start += 10_000) await insertManyContacts(db, storeId, Math.min(10_000, CONTACTS - start), `b${start / 10_000}.bench.example.com`);
    await addAutomation(db, storeId, { kind: 'tag-added', tag: 'bench' }, [emailStep('e1', 'First'), waitStep('w1', 1, 'days'), emailStep('e2', 'Second')]);
    const contacts = (await db.select({ id: customers.id }).from(customers).where(eq(customers.storeId, storeId))).map((row) => row.id);
    const campaignStore = await seedSendingStore(db, 'campaign-bench');
    await insertManyContacts(db, campaignStore.storeId, CAMPAIGN_SIZE, 'campaign.example.com');

    const reference = await nodemailerRate(sink, Math.min(CONTACTS, 10_000));
    console.info(
      `automation bench: reference ${reference.toFixed(0)} messages/s (nodemailer straight to the sink, 8 pooled connections, no database); ` +
        `the server's send rate per store ${RATE_PER_STORE ?? `${DEFAULT_EMAIL_CAMPAIGN_RATES.perStorePerSecond} (the default)`} a second`,
    );
    const before = await tables(db);
    const enteredAt = performance.now();
    for (let start = 0; start < contacts.length; start += ENTRY_BATCH) {
      await db.transaction(async (tx) => {
        for (const customerId of contacts.slice(start, start + ENTRY_BATCH)) {
          await startRuns(tx, { storeId, customerId, kind: 'tag-added', key: 'tag:bench:1', tag: 'bench' });
        }
      });
    }
    const entrySeconds = (performance.now() - enteredAt) / 1000;
    const afterEntry = await tables(db);

    sink.resetCounts();
    const startedAt = performance.now();
    const server = await drill.restart();
    const pid = server.child.pid!;
    const idleRss = rssMb(pid, 'VmRSS');
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid, 'VmRSS'))), 500);
    const deadline = Date.now() + 3_400_000;
    await waitUntil('first emails', () => firstEmails.size >= CONTACTS, deadline, () => `${firstEmails.size} of ${CONTACTS} first emails after ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
    const first = { ...sink.counts };
    clearInterval(sampler);
    // Let the last step records commit before reading the tables.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await tables(db);
    const duplicates = [...firstEmails.values()].filter((n) => n !== 1).length;
    const repeatedIds = [...messageIds.values()].filter((n) => n !== 1).length;
    const sendSeconds = (first.lastAt - first.firstAt) / 1000;
    const rate = CONTACTS / sendSeconds;
    const jobsByState = await db.execute(sql`select kind, status, count(*)::int as n from jobs group by 1, 2 order by 1, 2`);
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.info(
      `automation bench: ${CONTACTS} contacts entered in ${entrySeconds.toFixed(1)} s (runs and first step jobs, ${ENTRY_BATCH} a transaction, before the server started); ` +
        `every first email sent ${((first.lastAt - startedAt) / 1000).toFixed(1)} s after the server started; ` +
        `${rate.toFixed(0)} messages/s first to last (${sendSeconds.toFixed(1)} s; ${((rate / reference) * 100).toFixed(0)}% of the reference); ` +
        `${duplicates} addresses and ${repeatedIds} Message-IDs twice, ${first.accepted} messages for ${firstEmails.size} addresses`,
    );
    console.info(
      `automation bench: jobs table ${before.jobsRows} → ${afterEntry.jobsRows} rows after the entry (+${mib(afterEntry.jobsBytes - before.jobsBytes)} MiB) → ` +
        `${after.jobsRows} after the first emails (+${mib(after.jobsBytes - before.jobsBytes)} MiB in all); not done (what a purge of finished jobs would leave): ${after.liveRows}; ` +
        `recipients table +${mib(after.recipientsBytes - before.recipientsBytes)} MiB; ` +
        `server RSS idle ${idleRss.toFixed(0)} MB peak ${peakRss.toFixed(0)} MB VmHWM ${rssMb(pid, 'VmHWM').toFixed(0)} MB`,
    );
    console.info(`automation bench: jobs by kind and status ${JSON.stringify(jobsByState.rows)}`);
    // The hourly purge of finished jobs as it runs once their retention has passed (a clock that far ahead).
    const purgeStarted = performance.now();
    const purged = await purgeFinishedJobs(db, new Date(Date.now() + FINISHED_JOB_RETENTION.doneMs + 60_000));
    const purgeSeconds = (performance.now() - purgeStarted) / 1000;
    const afterPurge = await tables(db);
    console.info(
      `automation bench: purge of finished jobs ${FINISHED_JOB_RETENTION.doneMs / 86_400_000} days on: ${purged.done} done rows deleted in ${purgeSeconds.toFixed(1)} s; ` +
        `jobs table ${afterPurge.jobsRows} rows (${afterPurge.liveRows} not done), ${mib(afterPurge.jobsBytes - before.jobsBytes)} MiB over the start (PostgreSQL reuses the space; it does not shrink the file)`,
    );

    // The campaign sender on the same server, machine and sink, for the ratio.
    sink.resetCounts();
    const { campaignId } = await scheduleTestCampaign(db, { storeId: campaignStore.storeId, subject: 'Campaign bench' });
    await waitUntil('campaign', () => campaignAccepted >= CAMPAIGN_SIZE, Date.now() + 1_200_000, () => `${campaignAccepted} of ${CAMPAIGN_SIZE} campaign messages`);
    const campaignRate = CAMPAIGN_SIZE / ((sink.counts.lastAt - sink.counts.firstAt) / 1000);
    const [campaign] = await db.select({ status: emailCampaigns.status }).from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
    console.info(
      `automation bench: campaign of ${CAMPAIGN_SIZE} on the same server ${campaignRate.toFixed(0)} messages/s (${campaign?.status}); ` +
        `automation first emails at ${((rate / campaignRate) * 100).toFixed(0)}% of the campaign rate`,
    );
    await server.stop();
    expect(duplicates).toBe(0);
    expect(repeatedIds).toBe(0);
    expect(first.accepted).toBe(CONTACTS);
  });
});

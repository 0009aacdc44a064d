import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { customers } from './db/schema/index.ts';
import { addAutomation, emailStep, waitStep } from './domain/automations/automation-test-fixtures.ts';
import { startRuns } from './domain/automations/start-runs.ts';
import { useCrashDrill } from './testing/crash-drill.ts';
import { insertManyContacts, seedSendingStore } from './testing/email-campaigns.ts';
import { nodemailerRate, startHeaderSink, type HeaderSink } from './testing/smtp-test-server.ts';

/**
 * `npm run bench -- automations` runs this file with AUTOMATION_BENCH=1 (skipped otherwise, so CI
 * never times anything): AUTOMATION_BENCH_CONTACTS (10,000) contacts enter a live 3-step
 * automation (email, wait a day, email) at once, from a real server process with the default
 * limits and lease sending to a loopback SMTP sink. Prints: how long the entry took (the runs and
 * their first step jobs, committed in transactions of ENTRY_BATCH contacts), the time from the
 * first entry to the last first email the sink accepted, messages/s (first to last message), the
 * growth of the jobs table (rows and pg_total_relation_size) and of the recipients table, the
 * server's RSS, and duplicates (addresses that got the first email more than once; must be 0).
 * The reference, measured first: the same number of messages straight to the same sink by
 * nodemailer (8 pooled connections, 32 in flight), no database or queue.
 */
const CONTACTS = Number(process.env.AUTOMATION_BENCH_CONTACTS ?? 10_000);
const ENTRY_BATCH = 500;

let sink: HeaderSink;
const firstEmails = new Map<string, number>();
const drill = useCrashDrill({
  env: () => ({ EMAIL_PROVIDER: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), EMAIL_FROM: 'Bench <news@shopfront.test>' }),
});

beforeAll(async () => {
  sink = await startHeaderSink(({ to, subject }) => {
    if (subject === 'First') firstEmails.set(to, (firstEmails.get(to) ?? 0) + 1);
  });
});
afterAll(async () => {
  await sink?.close();
});

async function tables(db: Database) {
  const result = await db.execute(sql`
    select pg_total_relation_size('jobs')::bigint as jobs_bytes, (select count(*) from jobs)::int as jobs_rows,
      pg_total_relation_size('email_campaign_recipients')::bigint as recipients_bytes`);
  const row = result.rows[0] as { jobs_bytes: string; jobs_rows: number; recipients_bytes: string };
  return { jobsBytes: Number(row.jobs_bytes), jobsRows: Number(row.jobs_rows), recipientsBytes: Number(row.recipients_bytes) };
}

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

describe.runIf(process.env.AUTOMATION_BENCH)('automation throughput (bench)', () => {
  it('contacts entering a 3-step automation at once: time to every first email, jobs table growth, no duplicates', { timeout: 3_600_000 }, async () => {
    const { db } = drill.database;
    const { storeId } = await seedSendingStore(db, 'automation-bench');
    await insertManyContacts(db, storeId, CONTACTS, 'bench.example.com');
    await addAutomation(db, storeId, { kind: 'tag-added', tag: 'bench' }, [emailStep('e1', 'First'), waitStep('w1', 1, 'days'), emailStep('e2', 'Second')]);
    const contacts = (await db.select({ id: customers.id }).from(customers).where(eq(customers.storeId, storeId))).map((row) => row.id);

    const server = await drill.restart();
    const pid = server.child.pid!;
    const reference = await nodemailerRate(sink, Math.min(CONTACTS, 10_000));
    console.info(`automation bench: reference ${reference.toFixed(0)} messages/s (nodemailer straight to the sink, 8 pooled connections, no database)`);
    const idleRss = rssMb(pid, 'VmRSS');
    const before = await tables(db);
    sink.resetCounts();
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid, 'VmRSS'))), 500);

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

    const deadline = Date.now() + 3_500_000;
    let lastReport = Date.now();
    while (firstEmails.size < CONTACTS) {
      if (Date.now() > deadline) throw new Error(`${firstEmails.size} of ${CONTACTS} first emails in time`);
      if (Date.now() - lastReport > 30_000) {
        lastReport = Date.now();
        console.info(`automation bench: ${firstEmails.size} first emails after ${((performance.now() - enteredAt) / 1000).toFixed(0)} s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const doneAt = sink.counts.lastAt;
    clearInterval(sampler);
    // Let the last step records commit before reading the tables.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await tables(db);
    const duplicates = [...firstEmails.values()].filter((n) => n !== 1).length;
    expect(duplicates).toBe(0);
    expect(sink.counts.accepted).toBe(CONTACTS);

    const sendSeconds = (sink.counts.lastAt - sink.counts.firstAt) / 1000;
    const rate = CONTACTS / sendSeconds;
    const jobsByState = await db.execute(sql`select kind, status, count(*)::int as n from jobs group by 1, 2 order by 1, 2`);
    console.info(
      `automation bench: ${CONTACTS} contacts entered in ${entrySeconds.toFixed(1)} s (runs and first step jobs, ${ENTRY_BATCH} a transaction); ` +
        `every first email sent ${((doneAt - enteredAt) / 1000).toFixed(1)} s after the entry began; ` +
        `${rate.toFixed(0)} messages/s first to last (${sendSeconds.toFixed(1)} s; ${((rate / reference) * 100).toFixed(0)}% of the reference); ` +
        `${duplicates} duplicates, ${sink.counts.accepted} messages for ${firstEmails.size} addresses`,
    );
    console.info(
      `automation bench: jobs table ${before.jobsRows} → ${afterEntry.jobsRows} rows after the entry → ${after.jobsRows} after the first emails ` +
        `(+${((after.jobsBytes - before.jobsBytes) / 1024 / 1024).toFixed(1)} MiB, ${(((after.jobsBytes - before.jobsBytes) / Math.max(1, after.jobsRows - before.jobsRows))).toFixed(0)} bytes a row), ` +
        `recipients table +${((after.recipientsBytes - before.recipientsBytes) / 1024 / 1024).toFixed(1)} MiB; ` +
        `server RSS idle ${idleRss.toFixed(0)} MB peak ${peakRss.toFixed(0)} MB VmHWM ${rssMb(pid, 'VmHWM').toFixed(0)} MB`,
    );
    console.info(`automation bench: jobs by kind and status ${JSON.stringify(jobsByState.rows)}`);
    await server.stop();
  });
});

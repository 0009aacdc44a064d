import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { emailCampaigns } from './db/schema/index.ts';
import { insertManyContacts, scheduleTestCampaign, seedSendingStore } from './testing/email-campaigns.ts';
import { useCrashDrill } from './testing/crash-drill.ts';
import { nodemailerRate, startHeaderSink, type HeaderSink } from './testing/smtp-test-server.ts';

/**
 * `npm run bench -- email` runs this file with CAMPAIGN_BENCH=1 (it is skipped otherwise, so CI
 * never times anything): campaigns of CAMPAIGN_BENCH_RECIPIENTS (10,000) addresses, one after the
 * other, from a real server process to a loopback SMTP sink, with the default limits and lease.
 * Prints one line per run: messages/s (first to last message the sink accepted), the time from
 * scheduling to the campaign's `sent` (fan-out included),
 * the growth of the jobs and recipients tables (pg_total_relation_size) and the server's RSS.
 * The reference, measured first in the same run: the same number of messages sent straight to the
 * same sink by nodemailer with the same pool (8 connections), no database or queue — the SMTP
 * ceiling of this machine; each campaign line prints its ratio to it.
 */
const RUNS = Number(process.env.CAMPAIGN_BENCH_RUNS ?? 3);
/** RUNS campaigns of CAMPAIGN_BENCH_RECIPIENTS; with CAMPAIGN_BENCH_LARGE one of 50,000 after them, to project 100,000. */
const PLAN = [
  ...Array.from({ length: RUNS }, () => Number(process.env.CAMPAIGN_BENCH_RECIPIENTS ?? 10_000)),
  ...(process.env.CAMPAIGN_BENCH_LARGE ? [50_000] : []),
];

let sink: HeaderSink;
const drill = useCrashDrill({
  env: () => ({ EMAIL_PROVIDER: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), EMAIL_FROM: 'Bench <news@shopfront.test>' }),
});

beforeAll(async () => {
  sink = await startHeaderSink();
});
afterAll(async () => {
  await sink?.close();
});

async function tableBytes(db: Database) {
  const result = await db.execute(sql`select pg_total_relation_size('jobs')::bigint as jobs, pg_total_relation_size('email_campaign_recipients')::bigint as recipients`);
  const row = result.rows[0] as { jobs: string; recipients: string };
  return { jobs: Number(row.jobs), recipients: Number(row.recipients) };
}

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

describe.runIf(process.env.CAMPAIGN_BENCH)('campaign throughput (bench)', () => {
  it('sends campaigns to the loopback SMTP sink and prints messages/s, table growth and RSS', { timeout: 1_800_000 }, async () => {
    const { db } = drill.database;
    const server = await drill.restart();
    const pid = server.child.pid!;
    const idleRss = rssMb(pid, 'VmRSS');
    const reference = await nodemailerRate(sink, PLAN[0] ?? 10_000);
    console.info(`campaign bench: reference ${reference.toFixed(0)} messages/s (nodemailer straight to the sink, 8 pooled connections, no database)`);
    for (const [index, size] of PLAN.entries()) {
      {
        const run = index + 1;
        const { storeId } = await seedSendingStore(db, `bench-${size}-${run}`);
        await insertManyContacts(db, storeId, size, `run${run}.example.com`);
        const before = await tableBytes(db);
        sink.resetCounts();
        let peakRss = 0;
        const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid, 'VmRSS'))), 200);
        const scheduledAt = Date.now();
        const { campaignId } = await scheduleTestCampaign(db, { storeId, runAt: new Date(Date.now() - 1000) });
        let campaign: typeof emailCampaigns.$inferSelect | undefined;
        for (;;) {
          [campaign] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
          if (campaign?.status === 'sent' || campaign?.status === 'failed') break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        clearInterval(sampler);
        const after = await tableBytes(db);
        expect(campaign?.status).toBe('sent');
        expect(sink.counts.accepted).toBeGreaterThanOrEqual(size);
        const seconds = (sink.counts.lastAt - sink.counts.firstAt) / 1000;
        const total = (campaign!.finishedAt!.getTime() - scheduledAt) / 1000;
        console.info(
          `campaign bench: ${size} recipients run ${run}: ${(size / seconds).toFixed(0)} messages/s (${seconds.toFixed(1)} s first to last; ` +
            `${((size / seconds / reference) * 100).toFixed(0)}% of the reference), ` +
            `${total.toFixed(1)} s from scheduling to sent, jobs table +${((after.jobs - before.jobs) / 1024).toFixed(0)} KiB, ` +
            `recipients table +${((after.recipients - before.recipients) / 1024 / 1024).toFixed(1)} MiB, ` +
            `server RSS idle ${idleRss.toFixed(0)} MB peak ${peakRss.toFixed(0)} MB`,
        );
      }
    }
    console.info(`campaign bench: server VmHWM ${rssMb(pid, 'VmHWM').toFixed(0)} MB`);
  });
});

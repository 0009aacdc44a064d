import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { scheduleTestMembershipCharge } from './domain/memberships/schedule-test-membership-charge.ts';
import { advanceTestClock } from './domain/test-clock/advance-test-clock.ts';
import { enqueueEmail } from './jobs/enqueue-email.ts';
import { useCrashDrill } from './testing/crash-drill.ts';
import { seedTier } from './testing/memberships.ts';
import { seedStorefront } from './testing/seed-storefront.ts';
import { startHeaderSink, type HeaderSink } from './testing/smtp-test-server.ts';

/**
 * `npm run bench -- memberships` runs this file with MEMBERSHIP_BENCH=1 (skipped otherwise, so CI
 * never times anything): MEMBERSHIP_BENCH_MEMBERS (10,000) active monthly test-provider members of
 * one store, seeded in SQL with their renewals due in the same minute of the store's test clock
 * and each renewal queued by scheduleTestMembershipCharge (the job the app queues when a period
 * is paid). A real server process (this run's bundle) with the default job runner sends email to a
 * loopback SMTP sink. The clock moves past the minute (advanceTestClock, what Settings › Test
 * clock does); once MEMBERSHIP_BENCH_KILL_AT (30 %) are charged the server is killed with SIGKILL
 * and started again on the same database. Prints progress every few seconds, the time until every
 * renewal was charged and every receipt accepted by the sink, charges/s and emails/s, then checks
 * in SQL and at the sink: one paid invoice per member for the period (none twice, none missing),
 * every membership moved to the next period, one receipt per member (one Message-ID per address;
 * SMTP has no two-phase commit, so a message accepted in the instant before the kill comes again
 * after the job's lease, under the same Message-ID: counted as redeliveries).
 */
const MEMBERS = Number(process.env.MEMBERSHIP_BENCH_MEMBERS ?? 10_000);
const KILL_AT = Number(process.env.MEMBERSHIP_BENCH_KILL_AT ?? 0.3);
const TIMEOUT_MS = Number(process.env.MEMBERSHIP_BENCH_TIMEOUT_SECONDS ?? 1_500) * 1000;
const PROGRESS_MS = 5_000;
const PROBE_MS = 5_000;
const QUEUE_BATCH = 500;
const DOMAIN = 'members.bench.example.com';
const MINUTE = 60_000;

let sink: HeaderSink;
const accepted: { messageId: string; to: string }[] = [];
/** Sign-in-code-like emails queued during the run: when each was queued and reached the sink (performance.now()). */
const probes = new Map<string, { queuedAt: number; arrivedAt?: number }>();
const PROBE_DOMAIN = 'probe.bench.example.com';
const drill = useCrashDrill({
  env: () => ({ EMAIL_PROVIDER: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), EMAIL_FROM: 'Bench Club <club@shopfront.test>' }),
});

beforeAll(async () => {
  sink = await startHeaderSink(({ messageId, to, subject }) => {
    if (to.endsWith(`@${DOMAIN}`) && /receipt/i.test(subject)) accepted.push({ messageId, to });
    const probe = probes.get(to);
    if (probe && probe.arrivedAt === undefined) probe.arrivedAt = performance.now();
  });
});
afterAll(async () => {
  await sink?.close();
});

/** One store, one membership tier, MEMBERS customers and their active memberships, all due in the minute starting at `due`. */
async function seedMembers(db: Database, due: Date) {
  const { storeId } = await seedStorefront(db, { slug: 'membership-bench', name: 'Bench Club' });
  const tier = await seedTier({ db }, storeId, { monthlyPriceCents: 900 });
  await db.execute(sql`
    insert into customers (id, store_id, email, name, marketing_consent)
    select 'cus_' || substr(md5(random()::text || n), 1, 20), ${storeId}, 'member' || n || '@' || ${DOMAIN}, 'Member ' || n, false
    from generate_series(1, ${MEMBERS}) n`);
  // Each member's current period ends at `due` plus 0–59 s: the same minute on the store's clock.
  await db.execute(sql`
    insert into memberships (id, store_id, product_id, tier_id, customer_id, status, interval, price_cents, currency,
      provider, provider_subscription_id, test_card, current_period_start, current_period_end, last_event_at)
    select 'mbr_' || substr(md5(random()::text || c.id), 1, 20), c.store_id, ${tier.productId}, ${tier.id}, c.id, 'active', 'month', 900, 'USD',
      'test', 'testsub_' || md5(random()::text || c.id), 'pays', ends - interval '1 month', ends, now()
    from (select id, store_id, ${due.toISOString()}::timestamptz + make_interval(secs => (row_number() over (order by id)) % 60) as ends
          from customers where store_id = ${storeId}) c`);
  // Their first period, paid when they joined: the renewal is their second charge.
  await db.execute(sql`
    insert into membership_invoices (id, membership_id, store_id, amount_cents, currency, status, period_start, period_end, attempt, provider_invoice_id, created_at)
    select 'min_' || substr(md5(random()::text || id), 1, 20), id, store_id, 900, 'USD', 'paid', current_period_start, current_period_end, 0,
      'testin_' || substr(md5(random()::text || id), 1, 20), current_period_start
    from memberships where store_id = ${storeId}`);
  const rows = await db.execute(sql`select id, current_period_end from memberships where store_id = ${storeId}`);
  const members = (rows.rows as { id: string; current_period_end: string | Date }[]).map((row) => ({ id: row.id, dueAt: new Date(row.current_period_end) }));
  // The renewal each member's last paid charge queued, exactly as chargeTestMembership queues it.
  for (let start = 0; start < members.length; start += QUEUE_BATCH) {
    await db.transaction(async (tx) => {
      for (const member of members.slice(start, start + QUEUE_BATCH)) {
        await scheduleTestMembershipCharge(tx, { membershipId: member.id, dueAt: member.dueAt.toISOString(), attempt: 0 }, { storeId, runAt: member.dueAt });
      }
    });
  }
  return { storeId };
}

async function chargedCount(db: Database, storeId: string, due: Date): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from membership_invoices where store_id = ${storeId} and status = 'paid' and period_start >= ${due.toISOString()}::timestamptz`);
  return (result.rows[0] as { n: number }).n;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Queues one email as a sign-in code is queued (a `send-email` job, due now), to time it through the burst. */
async function queueProbe(db: Database) {
  const to = `probe${probes.size + 1}@${PROBE_DOMAIN}`;
  probes.set(to, { queuedAt: performance.now() });
  await enqueueEmail(db, { to, subject: 'Your sign-in code', text: 'Your code is 123456', html: '<p>Your code is 123456</p>' });
}

function probeSummary(): string {
  const waits = [...probes.values()].map((probe) => (probe.arrivedAt ?? Number.NaN) - probe.queuedAt).sort((a, b) => a - b);
  const lost = waits.filter((wait) => Number.isNaN(wait)).length;
  const arrived = waits.filter((wait) => !Number.isNaN(wait));
  const at = (q: number) => arrived[Math.min(arrived.length - 1, Math.floor(q * arrived.length))] ?? Number.NaN;
  return `${probes.size} sign-in-code emails queued during the run (one every ${PROBE_MS / 1000} s) reached the sink after p50 ${seconds(at(0.5))} s, max ${seconds(at(1))} s${lost ? `; ${lost} not arrived` : ''}`;
}

describe.runIf(process.env.MEMBERSHIP_BENCH)('membership renewals (bench)', () => {
  it('renewals due in the same minute: time to every charge and receipt, one of each per member after a kill -9', { timeout: TIMEOUT_MS + 600_000 }, async () => {
    const { db } = drill.database;
    // The minute an hour from now: nothing falls due before the clock moves.
    const due = new Date(Math.ceil((Date.now() + 60 * MINUTE) / MINUTE) * MINUTE);
    const seedStarted = performance.now();
    const { storeId } = await seedMembers(db, due);
    console.info(`membership bench: seeded ${MEMBERS} members and queued their renewals in ${seconds(performance.now() - seedStarted)} s`);

    let server = await drill.restart();
    const startedAt = performance.now();
    await advanceTestClock(db, { storeId, seconds: Math.ceil((due.getTime() + MINUTE - Date.now()) / 1000), now: new Date() });
    console.info(`membership bench: the store's clock moved past the due minute; ${MEMBERS} renewals due`);
    await queueProbe(db);
    let lastProbe = performance.now();

    const killAt = Math.ceil(MEMBERS * KILL_AT);
    let killed: { at: number; charged: number; receipts: number; restartMs: number } | null = null;
    let allChargedAt = 0;
    let mostReceiptsAt = 0;
    let lastProgress = 0;
    const receiptAddresses = () => new Set(accepted.map((mail) => mail.to)).size;
    for (;;) {
      const elapsed = performance.now() - startedAt;
      if (elapsed > TIMEOUT_MS) {
        throw new Error(
          `membership bench: TIMEOUT after ${seconds(elapsed)} s: ${await chargedCount(db, storeId, due)} of ${MEMBERS} charged, ${receiptAddresses()} receipts (MEMBERSHIP_BENCH_TIMEOUT_SECONDS)`,
        );
      }
      const charged = await chargedCount(db, storeId, due);
      if (charged >= MEMBERS && !allChargedAt) allChargedAt = performance.now();
      if (receiptAddresses() >= MEMBERS * 0.99 && !mostReceiptsAt) mostReceiptsAt = performance.now();
      if (!killed && charged >= killAt) {
        const at = performance.now();
        const receipts = receiptAddresses();
        server = await drill.restart();
        killed = { at: at - startedAt, charged, receipts, restartMs: performance.now() - at };
        console.info(
          `membership bench: kill -9 at ${seconds(killed.at)} s with ${charged} charged and ${receipts} receipts; the new server listened ${seconds(killed.restartMs)} s later`,
        );
      }
      if (charged >= MEMBERS && receiptAddresses() >= MEMBERS) break;
      if (performance.now() - lastProbe >= PROBE_MS) {
        lastProbe = performance.now();
        await queueProbe(db);
      }
      if (performance.now() - lastProgress >= PROGRESS_MS) {
        lastProgress = performance.now();
        console.info(`membership bench: ${seconds(elapsed)} s: ${charged} of ${MEMBERS} charged, ${receiptAddresses()} receipts`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const doneAt = performance.now();
    const lastReceiptAt = sink.counts.lastAt;
    // Let any redelivery of a message in flight at the kill land before counting.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const invoices = await db.execute(sql`
      select count(*)::int as paid, count(distinct membership_id)::int as members
      from membership_invoices where store_id = ${storeId} and status = 'paid' and period_start >= ${due.toISOString()}::timestamptz`);
    const { paid, members: chargedMembers } = invoices.rows[0] as { paid: number; members: number };
    const twice = await db.execute(sql`
      select count(*)::int as n from (select membership_id from membership_invoices
        where store_id = ${storeId} and period_start >= ${due.toISOString()}::timestamptz group by membership_id having count(*) > 1) d`);
    const notMoved = await db.execute(sql`
      select count(*)::int as n from memberships where store_id = ${storeId}
        and not (status = 'active' and current_period_start >= ${due.toISOString()}::timestamptz and current_period_end > current_period_start + interval '27 days')`);
    const nextQueued = await db.execute(sql`
      select count(*)::int as n from jobs where kind = 'renew-test-membership' and status = 'pending'`);
    const jobStates = await db.execute(sql`select kind, status, count(*)::int as n from jobs where kind in ('renew-test-membership', 'membership-notice', 'send-email', 'send-email-bulk') group by 1, 2 order by 1, 2`);

    const byMessageId = new Map<string, Set<string>>();
    const idsByAddress = new Map<string, Set<string>>();
    for (const mail of accepted) {
      byMessageId.set(mail.messageId, (byMessageId.get(mail.messageId) ?? new Set()).add(mail.to));
      idsByAddress.set(mail.to, (idsByAddress.get(mail.to) ?? new Set()).add(mail.messageId));
    }
    const addressesWithTwoReceipts = [...idsByAddress.values()].filter((ids) => ids.size > 1).length;
    const idsForTwoAddresses = [...byMessageId.values()].filter((to) => to.size > 1).length;
    const redelivered = accepted.length - byMessageId.size;
    const result = {
      members: MEMBERS,
      paidInvoices: paid,
      membersCharged: chargedMembers,
      membersChargedTwice: (twice.rows[0] as { n: number }).n,
      membersNotMoved: (notMoved.rows[0] as { n: number }).n,
      nextRenewalsQueued: (nextQueued.rows[0] as { n: number }).n,
      receiptAddresses: idsByAddress.size,
      receiptMessageIds: byMessageId.size,
      addressesWithTwoReceipts,
      idsForTwoAddresses,
      redelivered,
    };

    const chargeMs = allChargedAt - startedAt;
    const emailMs = lastReceiptAt - startedAt;
    console.info(
      `membership bench: ${MEMBERS} renewals all charged ${seconds(chargeMs)} s after the clock moved (${(MEMBERS / (chargeMs / 1000)).toFixed(0)} charges/s), ` +
        `99 % of the receipts at ${seconds(mostReceiptsAt - startedAt)} s, every receipt accepted by the sink at ${seconds(emailMs)} s (${(MEMBERS / (emailMs / 1000)).toFixed(0)} emails/s); loop ended at ${seconds(doneAt - startedAt)} s`,
    );
    if (killed) {
      const after = MEMBERS - killed.charged;
      const afterMs = allChargedAt - startedAt - killed.at;
      console.info(
        `membership bench: before the kill ${(killed.charged / (killed.at / 1000)).toFixed(0)} charges/s; after it ${after} charges in ${seconds(afterMs)} s (restart ${seconds(killed.restartMs)} s, then the leases of the jobs running at the kill)`,
      );
    }
    console.info(`membership bench: ${probeSummary()}`);
    console.info(`membership bench: jobs by kind and status ${JSON.stringify(jobStates.rows)}`);
    console.info('membership bench: check                          | value');
    for (const [name, value] of Object.entries(result)) console.info(`membership bench: ${name.padEnd(32)} | ${value}`);
    await server.stop();

    const failures = [
      result.paidInvoices !== MEMBERS && `${result.paidInvoices} paid renewal invoices for ${MEMBERS} members`,
      result.membersCharged !== MEMBERS && `${MEMBERS - result.membersCharged} members not charged`,
      result.membersChargedTwice !== 0 && `${result.membersChargedTwice} members charged more than once for the period`,
      result.membersNotMoved !== 0 && `${result.membersNotMoved} memberships not moved to the next period`,
      result.nextRenewalsQueued !== MEMBERS && `${result.nextRenewalsQueued} next renewals queued for ${MEMBERS} members`,
      result.receiptAddresses !== MEMBERS && `${MEMBERS - result.receiptAddresses} members without a receipt`,
      result.addressesWithTwoReceipts !== 0 && `${result.addressesWithTwoReceipts} members with two different receipts`,
      result.idsForTwoAddresses !== 0 && `${result.idsForTwoAddresses} Message-IDs sent to two members`,
    ].filter(Boolean);
    if (failures.length > 0) console.info(`membership bench: FAIL: ${failures.join('; ')}`);
    expect(failures).toEqual([]);
  });
});

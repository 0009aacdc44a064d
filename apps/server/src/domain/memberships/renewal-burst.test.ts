import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { jobs } from '#src/db/schema/index.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import type { EmailProvider } from '#src/providers/email/types.ts';
import { manualClock } from '#src/testing/clock.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { RENEW_TEST_MEMBERSHIP_KIND, scheduleTestMembershipCharge } from './schedule-test-membership-charge.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const RENEWALS = 40;

/**
 * Moving a store's test clock past the day its members renew makes all their charges due at once,
 * with run times in the past (`npm run bench -- memberships` does it with 10,000). A sign-in code
 * queued meanwhile must not wait for them, nor for the receipts they queue: renewals, membership
 * notices and their emails (the bulk email lane) run on a runner of their own.
 */
describe('renewals falling due at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t?.close());

  /** The server's runners, as main.ts starts them, until nothing is due; emails go to `provider`. */
  async function runEverythingDue(provider: EmailProvider) {
    const runner = createAppJobRunner({
      env: { ...t.env, email: { provider: 'smtp', from: 'Shopfront <hello@shopfront.test>', host: '127.0.0.1', port: 2525, secure: false } },
      db: t.db,
      log: silentLog,
      now: clock.now,
      emailProvider: provider,
    });
    await runner.runDue();
    await runner.stop();
  }

  it('leave a sign-in code queued after them to go out first', async () => {
    const due = new Date(clock.now().getTime() - 60_000);
    for (let n = 0; n < RENEWALS; n++) {
      await scheduleTestMembershipCharge(t.db, { membershipId: `mbr_burst${String(n).padStart(15, '0')}`, dueAt: due.toISOString(), attempt: 0 }, { storeId: 'store_burst', runAt: due });
    }
    await enqueueEmail(t.db, { to: 'mia@example.com', subject: 'Your sign-in code', text: '123456', html: '<p>123456</p>' }, { runAt: clock.now() });

    const renewalsDone = () => t.db.$count(jobs, and(eq(jobs.kind, RENEW_TEST_MEMBERSHIP_KIND), eq(jobs.status, 'done')));
    const renewalsDoneAtSend: number[] = [];
    const provider: EmailProvider = {
      name: 'smtp',
      send: async () => {
        renewalsDoneAtSend.push(await renewalsDone());
        return { providerMessageId: null };
      },
    };
    await runEverythingDue(provider);

    expect(renewalsDoneAtSend).toHaveLength(1);
    expect(renewalsDoneAtSend[0]).toBeLessThan(RENEWALS);
    expect(await renewalsDone()).toBe(RENEWALS);
  });

  it('leave a sign-in code queued after their receipts to go out before the receipts', async () => {
    const due = new Date(clock.now().getTime() - 60_000);
    for (let n = 0; n < RENEWALS; n++) {
      await enqueueEmail(t.db, { to: `member${n}@example.com`, subject: 'Your receipt', text: 'Paid', html: '<p>Paid</p>' }, { runAt: due, lane: 'bulk' });
    }
    await enqueueEmail(t.db, { to: 'mia@example.com', subject: 'Your sign-in code', text: '654321', html: '<p>654321</p>' }, { runAt: clock.now() });

    const sent: string[] = [];
    const provider: EmailProvider = {
      name: 'smtp',
      send: async (message) => {
        sent.push(message.subject);
        return { providerMessageId: null };
      },
    };
    await runEverythingDue(provider);

    // Every email went out once, and the code did not wait for the receipts queued before it.
    expect(sent).toHaveLength(RENEWALS + 1);
    expect(sent.filter((subject) => subject === 'Your receipt')).toHaveLength(RENEWALS);
    expect(sent.indexOf('Your sign-in code')).toBeLessThan(RENEWALS);
  });
});

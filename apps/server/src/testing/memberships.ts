// Memberships for tests (shared by the memberships domain and its functions): tiers, test cards, invoices, the store test clock.
import { and, asc, eq } from 'drizzle-orm';
import { newId } from '#src/db/ids.ts';
import { jobs, membershipInvoices, memberships, membershipTiers, products, type MembershipTierRow } from '#src/db/schema/index.ts';
import { createRenewTestMembershipJob } from '#src/domain/memberships/renew-test-membership-job.ts';
import { RENEW_TEST_MEMBERSHIP_KIND } from '#src/domain/memberships/schedule-test-membership-charge.ts';
import { advanceTestClock } from '#src/domain/test-clock/advance-test-clock.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import type { TestApp } from '#src/testing/test-app.ts';

export const CARDS = { pays: '4242424242424242', declinesLater: '4000000000000341', declined: '4000000000000002' } as const;
export const card = (cardNumber: string) => ({ cardNumber, expiry: '12/40', cvc: '123', cardName: 'Mia Member' });

let counter = 0;

/** A tier on a draft membership product of its own, written straight to the database. */
export async function seedTier(t: Pick<TestApp, 'db'>, storeId: string, overrides: Partial<MembershipTierRow> = {}): Promise<MembershipTierRow> {
  const productId = newId('prd');
  await t.db.insert(products).values({
    id: productId,
    storeId,
    slug: `membership-${++counter}-${productId.slice(-6)}`,
    type: 'membership',
    title: `Membership ${counter}`,
    priceMode: 'fixed',
    currency: 'USD',
    ctaLabel: 'Join',
    status: 'draft',
  });
  const [tier] = await t.db
    .insert(membershipTiers)
    .values({ id: newId('mtr'), storeId, productId, name: 'Supporter', monthlyPriceCents: 900, yearlyPriceCents: 9000, currency: 'USD', position: 0, ...overrides })
    .returning();
  return tier!;
}

export async function membershipRow(t: Pick<TestApp, 'db'>, id: string) {
  const [row] = await t.db.select().from(memberships).where(eq(memberships.id, id));
  if (!row) throw new Error(`no membership ${id}`);
  return row;
}

export function invoicesOf(t: Pick<TestApp, 'db'>, membershipId: string) {
  return t.db
    .select({ amountCents: membershipInvoices.amountCents, status: membershipInvoices.status, periodStart: membershipInvoices.periodStart, attempt: membershipInvoices.attempt })
    .from(membershipInvoices)
    .where(eq(membershipInvoices.membershipId, membershipId))
    .orderBy(asc(membershipInvoices.periodStart), asc(membershipInvoices.attempt));
}

export function pendingCharges(t: Pick<TestApp, 'db'>) {
  return t.db.select().from(jobs).where(and(eq(jobs.kind, RENEW_TEST_MEMBERSHIP_KIND), eq(jobs.status, 'pending')));
}

/** The store's test clock, moved forward to `target` (whole seconds), and the due renewals run. */
export function testClockDriver(t: Pick<TestApp, 'db'>, now: () => Date) {
  const runner = createJobRunner({ db: t.db, handlers: [createRenewTestMembershipJob({ db: t.db })], log: silentLog, now, kinds: { only: [RENEW_TEST_MEMBERSHIP_KIND] } });
  const clockNow = async (storeId: string) => new Date(now().getTime() + (await readTestClockOffsetMs(t.db, storeId)));
  return {
    clockNow,
    runDue: () => runner.runDue(),
    async moveTo(storeId: string, target: Date, options: { run?: boolean } = {}) {
      const seconds = Math.round((target.getTime() - (await clockNow(storeId)).getTime()) / 1000);
      if (seconds > 0) await advanceTestClock(t.db, { storeId, seconds, now: now() });
      return options.run === false ? 0 : runner.runDue();
    },
  };
}

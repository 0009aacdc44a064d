import type { AutomationStep } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { automationStepRuns, customers, stores } from '#src/db/schema/index.ts';
import { manualClock } from '#src/testing/clock.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { emailStep, runsOf, seedAutomation } from './automation-test-fixtures.ts';
import { startRuns } from './start-runs.ts';

const DAY = 24 * 60 * 60_000;
let t: TestApp;
// Ahead of real time, so jobs queued at the database's "now" are due on this clock.
const clock = manualClock(new Date(Date.now() + 60 * 60_000));
const runDue = async () => {
  const runner = createAppJobRunner({ env: t.env, db: t.db, log: silentLog, now: clock.now });
  await runner.runDue();
  await runner.stop();
};
const untilMonday = (zone: 'contact' | 'store'): AutomationStep[] => [
  { id: 'w1', type: 'wait', wait: { mode: 'until', weekday: 1, time: '09:00', zone } },
  emailStep('e1', 'Monday'),
];

/** Seeds a Berlin store whose contacts are in Tokyo and unknown, runs the wait step, answers when each run waits until. */
async function waitEnds(slug: string, zone: 'contact' | 'store'): Promise<{ tokyo: Date; unknown: Date }> {
  const seeded = await seedAutomation(t.db, slug, { steps: untilMonday(zone), contacts: [`tokyo@${slug}.example.com`, `unknown@${slug}.example.com`] });
  await t.db.update(stores).set({ timeZone: 'Europe/Berlin' }).where(eq(stores.id, seeded.storeId));
  await t.db.update(customers).set({ timeZone: 'Asia/Tokyo' }).where(eq(customers.email, `tokyo@${slug}.example.com`));
  for (const contact of seeded.contacts) {
    await t.db.transaction((tx) => startRuns(tx, { storeId: seeded.storeId, customerId: contact.id, kind: 'purchased', key: 'order:1', productIds: [] }));
  }
  await runDue();
  const ends: Record<string, Date> = {};
  for (const run of await runsOf(t.db, seeded.automationId)) {
    const [step] = await t.db.select().from(automationStepRuns).where(and(eq(automationStepRuns.runId, run.id), eq(automationStepRuns.stepId, 'w1')));
    const until = /^waiting until (.+)$/.exec(step?.outcome ?? '')?.[1];
    expect(until, `run of ${run.customerId}: ${step?.outcome}`).toBeDefined();
    ends[run.customerId] = new Date(until!);
  }
  const [tokyo, unknown] = seeded.contacts.map((contact) => ends[contact.id]!) as [Date, Date];
  return { tokyo, unknown };
}

/** Weekday and HH:MM of `at` on `timeZone`'s wall clock, e.g. "Mon 09:00". */
const wall = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at).replace(',', '');

/** The next Monday 00:00 UTC (= 09:00 in Tokyo, which has no DST) strictly after `from`. */
function nextMondayMidnightUtc(from: Date): Date {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 1);
  return day;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("a wait until Monday 09:00 on the contact's clock", () => {
  it("lands at Monday 09:00 in the contact's zone, and in the store's for a contact whose zone is unknown", async () => {
    const started = clock.now();
    const { tokyo, unknown } = await waitEnds('zone-contact', 'contact');
    expect(tokyo.toISOString()).toBe(nextMondayMidnightUtc(started).toISOString());
    expect(wall(tokyo, 'Asia/Tokyo')).toBe('Mon 09:00');
    expect(wall(unknown, 'Europe/Berlin')).toBe('Mon 09:00');
    expect(unknown.getTime()).toBeGreaterThan(started.getTime());
    expect(unknown.getTime()).toBeLessThanOrEqual(started.getTime() + 7 * DAY);
  });

  it("on the store's clock lands at Monday 09:00 in the store's zone, whatever the contact's", async () => {
    const started = clock.now();
    const { tokyo, unknown } = await waitEnds('zone-store', 'store');
    expect(wall(tokyo, 'Europe/Berlin')).toBe('Mon 09:00');
    expect(tokyo.toISOString()).toBe(unknown.toISOString());
    expect(tokyo.getTime()).toBeGreaterThan(started.getTime());
    expect(tokyo.getTime()).toBeLessThanOrEqual(started.getTime() + 7 * DAY);
  });
});

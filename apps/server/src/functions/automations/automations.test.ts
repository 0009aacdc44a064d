import { AUTOMATION_LIMITS, AUTOMATION_MESSAGES, MESSAGES, PRODUCT_MESSAGES, type AutomationStep } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { automations, customers, storeEmailSettings } from '#src/db/schema/index.ts';
import { startRuns } from '#src/domain/automations/start-runs.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { insertProduct } from '#src/testing/checkout.ts';
import { tickingClock } from '#src/testing/clock.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { insertBuyer } from '#src/testing/customers.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const MISSING = 'aut_00000000000000000000';
const email = (id: string): AutomationStep => ({ id, type: 'email', subject: `Subject ${id}`, previewText: '', body: [{ id: 't', type: 'text', html: '<p>Hi<script>x()</script></p>' }] });
const trigger = { kind: 'purchased', productId: null } as const;

describe('automation functions', () => {
  let t: TestApp;
  let creator: TestCreator;
  let mallory: TestCreator;
  let busy: TestCreator;
  let store: { id: string };
  let fullStore: { id: string };
  let malloryStore: { id: string };
  const call = (name: string, data: Record<string, unknown>, as: TestCreator = creator) => callFunction(t.app, name, data, { as });
  const create = async (data: Record<string, unknown>, as = creator) => {
    const reply = await call('createAutomation', data, as);
    if (reply.statusCode !== 200) throw new Error(reply.body);
    return reply.json().result as { id: string; status: string; steps: AutomationStep[]; name: string };
  };

  beforeAll(async () => {
    t = await createTestApp({ now: tickingClock() });
    creator = await signedInCreator(t, { now: new Date() });
    mallory = await signedInCreator(t, { now: new Date() });
    store = await createStoreAs(t, creator, 'auto-shop');
    busy = await signedInCreator(t, { now: new Date() });
    fullStore = await createStoreAs(t, busy, 'auto-full');
    malloryStore = await createStoreAs(t, mallory, 'auto-rival');
  });
  afterAll(() => t?.close());

  it('creates from scratch and from each template, gets, and lists newest first', async () => {
    const scratch = await create({ storeId: store.id, name: 'My flow', trigger });
    expect(scratch).toMatchObject({ name: 'My flow', status: 'draft', steps: [], trigger });
    const welcome = await create({ storeId: store.id, template: 'lead-magnet-welcome' });
    expect(welcome.steps.filter((step) => step.type === 'email')).toHaveLength(3);
    const after = await create({ storeId: store.id, template: 'post-purchase', name: 'After buying' });
    expect(after.name).toBe('After buying');
    expect(after.steps.filter((step) => step.type === 'email').map((step) => step.type === 'email' && step.subject)).toEqual([
      'Thank you for your order',
      'Three tips to get started',
      'How is it going?',
    ]);
    const cart = await create({ storeId: store.id, template: 'abandoned-checkout' });
    expect(cart.steps.map((step) => step.type)).toEqual(['email', 'wait', 'email']);
    const listed = (await call('listAutomations', { storeId: store.id })).json().result.automations as { id: string }[];
    expect(listed.map((a) => a.id)).toEqual([cart.id, after.id, welcome.id, scratch.id]);
    const got = (await call('getAutomation', { storeId: store.id, automationId: welcome.id })).json().result;
    expect(got.automation.id).toBe(welcome.id);
    expect(got.stats.map((s: { stepId: string }) => s.stepId)).toEqual(welcome.steps.map((step) => step.id));
  });

  it(`allows ${AUTOMATION_LIMITS.automationsPerStore} automations per store, not one more`, async () => {
    for (let n = 0; n < AUTOMATION_LIMITS.automationsPerStore; n += 1) await create({ storeId: fullStore.id, name: `Flow ${n}`, trigger }, busy);
    const refused = await call('createAutomation', { storeId: fullStore.id, name: 'One too many', trigger }, busy);
    expect([refused.statusCode, errorOf(refused).message]).toEqual([429, AUTOMATION_MESSAGES.tooManyAutomations]);
  });

  it(`takes ${AUTOMATION_LIMITS.stepsMax} steps, not more, sanitises text, and keeps branches forward`, async () => {
    const made = await create({ storeId: store.id, name: 'Long', trigger });
    const steps = Array.from({ length: AUTOMATION_LIMITS.stepsMax }, (_, n) => email(`s${n}`));
    const ok = await call('updateAutomation', { storeId: store.id, automationId: made.id, name: 'Long', trigger, steps });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.steps[0].body[0].html).toBe('<p>Hi</p>');
    const tooMany = await call('updateAutomation', { storeId: store.id, automationId: made.id, name: 'Long', trigger, steps: [...steps, email('extra')] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain(AUTOMATION_MESSAGES.tooManySteps);
    const backwards = [email('a'), { id: 'b', type: 'branch', condition: { kind: 'opened-previous' }, elseStepId: 'a' }];
    const refused = await call('updateAutomation', { storeId: store.id, automationId: made.id, name: 'Long', trigger, steps: backwards });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(AUTOMATION_MESSAGES.branchTarget);
  });

  it('goes live only with steps; a product of another store is refused like a missing one', async () => {
    const made = await create({ storeId: store.id, name: 'Empty', trigger });
    const empty = await call('setAutomationStatus', { storeId: store.id, automationId: made.id, status: 'live' });
    expect([empty.statusCode, errorOf(empty).message]).toEqual([400, AUTOMATION_MESSAGES.noSteps]);
    await call('updateAutomation', { storeId: store.id, automationId: made.id, name: 'Empty', trigger, steps: [email('e')] });
    const live = await call('setAutomationStatus', { storeId: store.id, automationId: made.id, status: 'live' });
    expect(live.json().result.status).toBe('live');
    const theirs = await insertProduct(t, malloryStore.id);
    for (const productId of [theirs.id, 'prd_00000000000000000000']) {
      const reply = await call('updateAutomation', { storeId: store.id, automationId: made.id, name: 'Empty', trigger: { kind: 'purchased', productId }, steps: [email('e')] });
      expect([reply.statusCode, errorOf(reply).message]).toEqual([404, PRODUCT_MESSAGES.productNotFound]);
    }
  });

  it("answers another creator's automation exactly like a missing one", async () => {
    const theirs = await create({ storeId: malloryStore.id, name: 'Theirs', trigger }, mallory);
    const attempts = (automationId: string) => [
      call('getAutomation', { storeId: store.id, automationId }),
      call('updateAutomation', { storeId: store.id, automationId, name: 'Mine now', trigger, steps: [] }),
      call('setAutomationStatus', { storeId: store.id, automationId, status: 'paused' }),
    ];
    const foreign = await Promise.all(attempts(theirs.id));
    const missing = await Promise.all(attempts(MISSING));
    for (const [index, reply] of foreign.entries()) {
      expect([reply.statusCode, reply.json()]).toEqual([missing[index]!.statusCode, missing[index]!.json()]);
      expect([reply.statusCode, errorOf(reply).message]).toEqual([404, MESSAGES.generic.notFound]);
    }
    const [row] = await t.db.select().from(automations).where(eq(automations.id, theirs.id));
    expect(row?.name).toBe('Theirs');
  });

  it('counts entered, waiting and sent per step', async () => {
    await t.db.insert(storeEmailSettings).values({ storeId: store.id, postalAddress: '1 Main St' });
    const made = await create({ storeId: store.id, template: 'post-purchase' });
    await call('setAutomationStatus', { storeId: store.id, automationId: made.id, status: 'live' });
    const buyer = await insertBuyer(t, store.id, 'stats@example.com');
    await t.db.update(customers).set({ marketingConsent: true }).where(eq(customers.id, buyer.id));
    await t.db.transaction((tx) => startRuns(tx, { storeId: store.id, customerId: buyer.id, kind: 'purchased', key: 'order:stats', productIds: [] }));
    const runner = createAppJobRunner({ env: t.env, db: t.db, log: silentLog });
    await runner.runDue();
    await runner.stop();
    const stats = (await call('getAutomation', { storeId: store.id, automationId: made.id })).json().result.stats;
    expect(stats.slice(0, 3)).toEqual([
      { stepId: 'thanks', entered: 1, waiting: 0, sent: 1, opened: 0, clicked: 0, revenue: 0 },
      { stepId: 'wait-1', entered: 1, waiting: 1, sent: 0, opened: 0, clicked: 0, revenue: 0 },
      { stepId: 'tips', entered: 0, waiting: 0, sent: 0, opened: 0, clicked: 0, revenue: 0 },
    ]);
  });
});

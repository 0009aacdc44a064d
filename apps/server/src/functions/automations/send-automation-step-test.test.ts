import { AUTOMATION_MESSAGES, EMAIL_LIMITS, EMAIL_MESSAGES, MESSAGES, type AutomationStep } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeEmailSettings } from '#src/db/schema/index.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const HOUR = 60 * 60_000;
const MISSING = 'aut_00000000000000000000';
const trigger = { kind: 'purchased', productId: null } as const;
const email = (id: string, subject: string, html = '<p>Hello there</p>'): AutomationStep => ({ id, type: 'email', subject, previewText: '', body: [{ id: `${id}-t`, type: 'text', html }] });

describe('test sends of an automation email', () => {
  const clock = manualClock(new Date('2030-06-02T10:00:00.000Z'));
  const creatorEmail = 'automation-creator@example.com';
  let t: TestApp;
  let creator: TestCreator;
  let mallory: TestCreator;
  let store: { id: string };
  let malloryStore: { id: string };
  const call = (name: string, data: Record<string, unknown>, as: TestCreator = creator) => callFunction(t.app, name, data, { as });
  const make = async (steps: AutomationStep[], as = creator, storeId = store.id) => {
    const made = await call('createAutomation', { storeId, name: 'Flow', trigger }, as);
    const saved = await call('updateAutomation', { storeId, automationId: made.json().result.id, name: 'Flow', trigger, steps }, as);
    if (saved.statusCode !== 200) throw new Error(saved.body);
    return saved.json().result.id as string;
  };
  const testsTo = async (to: string) => (await queuedEmails(t, to)).filter((mail) => mail.tags?.includes('campaign-test'));

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    creator = await signedInCreator(t, { email: creatorEmail, now: clock.now() });
    mallory = await signedInCreator(t, { now: clock.now() });
    store = await createStoreAs(t, creator, 'step-test-shop');
    malloryStore = await createStoreAs(t, mallory, 'step-test-rival');
    await t.db.insert(storeEmailSettings).values({ storeId: store.id, postalAddress: '1 Main St' });
  });
  afterAll(() => t?.close());

  it('queues the saved step to the signed-in creator only, marked [Test], without a working unsubscribe link', async () => {
    const automationId = await make([{ id: 'w', type: 'wait', wait: { mode: 'duration', amount: 1, unit: 'days' } }, email('second', 'Try <b>this</b>')]);
    const reply = await call('sendAutomationStepTest', { storeId: store.id, automationId, step: 'second' });
    expect(reply.json()).toEqual({ result: { sentTo: creatorEmail } });
    const [mail, ...more] = await testsTo(creatorEmail);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('[Test] Try <b>this</b>');
    expect(mail?.html).toContain('1 Main St');
    expect(mail?.html).toContain('<p>Hello there</p>');
    expect(mail?.html).not.toContain('/e/u/');
  });

  it('refuses a step that is not an email, or an email without content, and sends nothing', async () => {
    const automationId = await make([
      { id: 'w', type: 'wait', wait: { mode: 'duration', amount: 1, unit: 'days' } },
      { id: 'blank', type: 'email', subject: 'No body', previewText: '', body: [] },
    ]);
    const before = (await testsTo(creatorEmail)).length;
    const wait = await call('sendAutomationStepTest', { storeId: store.id, automationId, step: 'w' });
    expect([wait.statusCode, errorOf(wait).message]).toEqual([404, MESSAGES.generic.notFound]);
    const blank = await call('sendAutomationStepTest', { storeId: store.id, automationId, step: 'blank' });
    expect([blank.statusCode, errorOf(blank).message]).toEqual([400, AUTOMATION_MESSAGES.testStepIncomplete]);
    expect(await testsTo(creatorEmail)).toHaveLength(before);
  });

  it(`allows ${EMAIL_LIMITS.testSendsPerHour} test sends per automation an hour, then refuses until the next hour`, async () => {
    clock.set(new Date('2030-06-03T10:00:00.000Z'));
    const automationId = await make([email('a', 'A'), email('b', 'B')]);
    for (let index = 0; index < EMAIL_LIMITS.testSendsPerHour; index++) {
      const stepId = index % 2 === 0 ? 'a' : 'b';
      expect((await call('sendAutomationStepTest', { storeId: store.id, automationId, step: stepId })).statusCode).toBe(200);
    }
    const refused = await call('sendAutomationStepTest', { storeId: store.id, automationId, step: 'a' });
    expect([refused.statusCode, errorOf(refused).message]).toEqual([429, EMAIL_MESSAGES.testSendLimit]);
    const another = await make([email('a', 'Other')]);
    expect((await call('sendAutomationStepTest', { storeId: store.id, automationId: another, step: 'a' })).statusCode).toBe(200);
    clock.advance(HOUR);
    expect((await call('sendAutomationStepTest', { storeId: store.id, automationId, step: 'a' })).statusCode).toBe(200);
  });

  it("answers another creator's automation exactly like a missing one, and sends nothing", async () => {
    const theirs = await make([email('e', 'Theirs')], mallory, malloryStore.id);
    const foreign = await call('sendAutomationStepTest', { storeId: store.id, automationId: theirs, step: 'e' });
    const missing = await call('sendAutomationStepTest', { storeId: store.id, automationId: MISSING, step: 'e' });
    expect([foreign.statusCode, foreign.json()]).toEqual([missing.statusCode, missing.json()]);
    expect([foreign.statusCode, errorOf(foreign).message]).toEqual([404, MESSAGES.generic.notFound]);
    const viaTheirStore = await call('sendAutomationStepTest', { storeId: malloryStore.id, automationId: theirs, step: 'e' });
    expect(viaTheirStore.statusCode).toBe(404);
    expect((await testsTo(creatorEmail)).filter((mail) => mail.subject === '[Test] Theirs')).toEqual([]);
  });
});

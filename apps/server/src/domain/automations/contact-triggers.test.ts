import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { customers } from '#src/db/schema/index.ts';
import { createCustomer } from '#src/domain/customers/create-customer.ts';
import { importContacts } from '#src/domain/email/audience/import-contacts.ts';
import { insertContacts, seedSendingStore } from '#src/testing/email-campaigns.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { addAutomation, emailStep, outboxSubjects, runsOf } from './automation-test-fixtures.ts';

let t: TestApp;
const runDue = async () => {
  const runner = createAppJobRunner({ env: t.env, db: t.db, log: silentLog });
  await runner.runDue();
  await runner.stop();
};
const joinedAny = { kind: 'joined', source: 'any', productId: null } as const;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('contacts the creator adds join the audience', () => {
  it('a manual add with consent starts "joined — any source" (not the signup-form flow); without consent nothing starts', async () => {
    const { storeId } = await seedSendingStore(t.db, 'manual-mugs');
    const anySource = await addAutomation(t.db, storeId, joinedAny, [emailStep('hi', 'Welcome aboard')]);
    const formOnly = await addAutomation(t.db, storeId, { kind: 'joined', source: 'signup-form', productId: null }, [emailStep('form', 'Thanks for signing up')]);
    const now = new Date();
    await createCustomer(t.db, { storeId, email: 'added@manual.example.com', name: 'Added', marketingConsent: true, now });
    await createCustomer(t.db, { storeId, email: 'quiet@manual.example.com', name: 'Quiet', now });
    await runDue();
    expect(await outboxSubjects(t.db, 'added@manual.example.com')).toEqual(['Welcome aboard']);
    expect(await outboxSubjects(t.db, 'quiet@manual.example.com')).toEqual([]);
    expect(await runsOf(t.db, anySource)).toHaveLength(1);
    expect(await runsOf(t.db, formOnly)).toEqual([]);
  });

  it('a CSV import starts it for each contact it adds with consent or opts in, once; not for those who already consented or withdrew', async () => {
    const { storeId } = await seedSendingStore(t.db, 'import-mugs');
    await insertContacts(t.db, storeId, [
      { email: 'already@import.example.com', consent: true },
      { email: 'optin@import.example.com', consent: false },
      { email: 'withdrew@import.example.com', consent: false },
    ]);
    await t.db.update(customers).set({ marketingWithdrawnAt: new Date() }).where(and(eq(customers.storeId, storeId), eq(customers.email, 'withdrew@import.example.com')));
    const automationId = await addAutomation(t.db, storeId, joinedAny, [emailStep('hi', 'Welcome aboard')]);
    const csv = [
      'email,consent',
      'new@import.example.com,yes',
      'noconsent@import.example.com,no',
      'already@import.example.com,yes',
      'optin@import.example.com,yes',
      'withdrew@import.example.com,yes',
    ].join('\n');
    const summary = await importContacts(t.db, { storeId, csv, consentConfirmed: true, now: new Date() });
    expect(summary).toMatchObject({ create: 2, update: 3 });
    // The same file again (or another import) starts nothing more: a contact joins once.
    await importContacts(t.db, { storeId, csv, consentConfirmed: true, now: new Date() });
    await runDue();

    expect(await outboxSubjects(t.db, 'new@import.example.com')).toEqual(['Welcome aboard']);
    expect(await outboxSubjects(t.db, 'optin@import.example.com')).toEqual(['Welcome aboard']);
    for (const email of ['noconsent', 'already', 'withdrew']) expect(await outboxSubjects(t.db, `${email}@import.example.com`), email).toEqual([]);
    expect(await runsOf(t.db, automationId)).toHaveLength(2);
  });

  it("an import into store B starts nothing of store A's", async () => {
    const a = await seedSendingStore(t.db, 'import-a-mugs');
    const b = await seedSendingStore(t.db, 'import-b-mugs');
    const automationId = await addAutomation(t.db, a.storeId, joinedAny, [emailStep('hi', 'Welcome to A')]);
    await importContacts(t.db, { storeId: b.storeId, csv: 'email,consent\nboth@import.example.com,yes', consentConfirmed: true, now: new Date() });
    await createCustomer(t.db, { storeId: b.storeId, email: 'manual-b@import.example.com', name: 'B', marketingConsent: true, now: new Date() });
    expect(await runsOf(t.db, automationId)).toEqual([]);
  });
});

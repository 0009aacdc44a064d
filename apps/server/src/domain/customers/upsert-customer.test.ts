import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, emailSuppressions } from '#src/db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { upsertCustomer } from './upsert-customer.ts';

const now = new Date('2030-01-01T00:00:00.000Z');
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function unsubscribed(storeId: string, email: string, reason: 'unsubscribed' | 'bounced') {
  const { db } = database;
  await upsertCustomer(db, { storeId, email, name: 'Una', now });
  await db.update(customers).set({ marketingWithdrawnAt: now }).where(eq(customers.email, email));
  await db.insert(emailSuppressions).values({ storeId, email, reason });
}

const suppression = (storeId: string, email: string) =>
  database.db.select().from(emailSuppressions).where(and(eq(emailSuppressions.storeId, storeId), eq(emailSuppressions.email, email)));

describe('upsertCustomer and marketing consent', () => {
  it('a purchase without the opt-in leaves an unsubscribe in place', async () => {
    const { storeId } = await seedStorefront(database.db, { slug: 'keep-unsub' });
    await unsubscribed(storeId, 'una@example.com', 'unsubscribed');

    const row = await upsertCustomer(database.db, { storeId, email: 'una@example.com', name: 'Una', marketingConsent: false, now });

    expect(row.marketingConsent).toBe(false);
    expect(row.marketingWithdrawnAt).toEqual(now);
    expect(await suppression(storeId, 'una@example.com')).toHaveLength(1);
  });

  it('ticking the opt-in again (anyone can type the address) neither lifts the withdrawal nor the unsubscribe', async () => {
    const { storeId } = await seedStorefront(database.db, { slug: 'opt-in-again' });
    await unsubscribed(storeId, 'una@example.com', 'unsubscribed');

    const row = await upsertCustomer(database.db, { storeId, email: 'una@example.com', name: 'Una', marketingConsent: true, now });

    expect(row.marketingConsent).toBe(false);
    expect(row.marketingWithdrawnAt).toEqual(now);
    expect(await suppression(storeId, 'una@example.com')).toEqual([expect.objectContaining({ reason: 'unsubscribed' })]);
  });

  it('ticking the opt-in turns consent on for an address that never withdrew it', async () => {
    const { storeId } = await seedStorefront(database.db, { slug: 'opt-in-first' });
    await upsertCustomer(database.db, { storeId, email: 'new@example.com', name: 'New', now });

    const row = await upsertCustomer(database.db, { storeId, email: 'new@example.com', name: 'New', marketingConsent: true, now });

    expect(row.marketingConsent).toBe(true);
    expect(row.marketingWithdrawnAt).toBeNull();
  });

  it('never lifts a bounce, whatever the buyer ticks', async () => {
    const { storeId } = await seedStorefront(database.db, { slug: 'keep-bounce' });
    await unsubscribed(storeId, 'gone@example.com', 'bounced');

    await upsertCustomer(database.db, { storeId, email: 'gone@example.com', name: 'Gone', marketingConsent: true, now });

    expect(await suppression(storeId, 'gone@example.com')).toEqual([expect.objectContaining({ reason: 'bounced' })]);
  });

  it('fills in the name of a customer known only by their address, and keeps a name they have', async () => {
    const { storeId } = await seedStorefront(database.db, { slug: 'name-later' });
    await upsertCustomer(database.db, { storeId, email: 'sign@example.com', name: '', marketingConsent: true, now });

    const named = await upsertCustomer(database.db, { storeId, email: 'sign@example.com', name: 'Wren', now });
    expect(named.name).toBe('Wren');
    expect(named.marketingConsent).toBe(true);
    const kept = await upsertCustomer(database.db, { storeId, email: 'sign@example.com', name: 'Someone Else', now });
    expect(kept.name).toBe('Wren');
  });
});

import { EMAIL_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactImports, customers } from '#src/db/schema/index.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const CSV = 'email,name\none@example.com,One\ntwo@example.com,Two\nthree@example.com,Three';
const NEW_THREE = { totalRows: 3, create: 3, update: 0, skip: 0, errors: 0 };
const DAY = 24 * 60 * 60 * 1000;

describe('importContacts with an importKey: a double click imports once', () => {
  let t: TestApp;
  let creator: TestCreator;
  let other: TestCreator;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    creator = await signedInCreator(t, { planId: 'boss' });
    other = await signedInCreator(t);
  });
  afterAll(() => t?.close());

  const freshStore = async (as = creator) => (await createStoreAs(t, as, `import-key-${++n}`)).id;
  const importAs = (storeId: string, importKey: string | undefined, csv = CSV, as = creator) =>
    callFunction(t.app, 'importContacts', { storeId, csv, consentConfirmed: true, ...(importKey ? { importKey } : {}) }, { as });
  const contacts = async (storeId: string) => (await t.db.select().from(customers).where(eq(customers.storeId, storeId))).length;

  it('two calls at once with the same key both answer "3 new", and three contacts exist', async () => {
    const storeId = await freshStore();
    const [first, second] = await Promise.all([importAs(storeId, 'key-aaaaaaaaaaaaaaaa'), importAs(storeId, 'key-aaaaaaaaaaaaaaaa')]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().result).toEqual(NEW_THREE);
    expect(second.json().result).toEqual(NEW_THREE);
    expect(await contacts(storeId)).toBe(3);
    // A retry later still answers the first import, and changes nothing.
    await t.db.update(customers).set({ name: 'Renamed' }).where(eq(customers.storeId, storeId));
    expect((await importAs(storeId, 'key-aaaaaaaaaaaaaaaa')).json().result).toEqual(NEW_THREE);
    expect((await t.db.select().from(customers).where(eq(customers.storeId, storeId))).every((row) => row.name === 'Renamed')).toBe(true);
  });

  it('a new key imports again (as updates); without a key every call imports', async () => {
    const storeId = await freshStore();
    expect((await importAs(storeId, 'key-bbbbbbbbbbbbbbbb')).json().result).toEqual(NEW_THREE);
    const updated = { totalRows: 3, create: 0, update: 3, skip: 0, errors: 0 };
    expect((await importAs(storeId, 'key-cccccccccccccccc')).json().result).toEqual(updated);
    expect((await importAs(storeId, undefined)).json().result).toEqual(updated);
    expect(await contacts(storeId)).toBe(3);
  });

  it('refuses the same key with another file, importing nothing', async () => {
    const storeId = await freshStore();
    await importAs(storeId, 'key-dddddddddddddddd');
    const other = await importAs(storeId, 'key-dddddddddddddddd', 'email\nfour@example.com');
    expect([other.statusCode, errorOf(other).message]).toEqual([400, EMAIL_MESSAGES.importKeyReused]);
    expect(await contacts(storeId)).toBe(3);
  });

  it('a key is the store’s own: another creator’s store with the same key imports its own contacts', async () => {
    const mine = await freshStore();
    const theirs = await freshStore(other);
    await importAs(mine, 'key-eeeeeeeeeeeeeeee');
    expect((await importAs(theirs, 'key-eeeeeeeeeeeeeeee', CSV, other)).json().result).toEqual(NEW_THREE);
    expect(await contacts(theirs)).toBe(3);
  });

  it('keeps a key for a day: one just younger still answers, one older imports again', async () => {
    const storeId = await freshStore();
    await importAs(storeId, 'key-ffffffffffffffff');
    const age = async (ms: number) => t.db.update(contactImports).set({ createdAt: new Date(Date.now() - ms) }).where(eq(contactImports.storeId, storeId));
    await age(DAY - 60_000);
    expect((await importAs(storeId, 'key-ffffffffffffffff')).json().result).toEqual(NEW_THREE);
    await age(DAY + 60_000);
    expect((await importAs(storeId, 'key-ffffffffffffffff')).json().result).toMatchObject({ create: 0, update: 3 });
  });

  it('refuses a key that is too short or has other characters', async () => {
    const storeId = await freshStore();
    for (const bad of ['short', 'x'.repeat(65), 'key with spaces!!!!']) expect((await importAs(storeId, bad)).statusCode).toBe(400);
    expect((await importAs(storeId, 'k'.repeat(16))).statusCode).toBe(200);
    expect((await importAs(storeId, 'k'.repeat(64))).statusCode).toBe(200);
  });
});

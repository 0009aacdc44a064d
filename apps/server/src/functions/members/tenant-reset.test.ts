import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { customerSignIn, signUpCustomer } from './members-fixtures.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';

const clock = manualClock();

describe('deleteTenant ends the store’s members accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t?.close());

  it('keeps the customer record but its old password no longer signs in under a new tenant', async () => {
    const creator = await signedInCreator(t, { now: clock.now() });
    const store = await createStoreAs(t, creator, 'tenant-reset');
    const email = 'member-reset@example.com';
    expect((await signUpCustomer(t, { storeId: store.id, email, password: 'plum-orchard-41' })).statusCode).toBe(200);
    expect((await customerSignIn(t, store.id, email, 'plum-orchard-41')).statusCode).toBe(200);

    expect((await callFunction(t.app, 'deleteTenant', { tenantId: store.tenantId }, { as: creator })).statusCode).toBe(200);
    expect((await callFunction(t.app, 'createTenant', { storeId: store.id }, { as: creator })).statusCode).toBe(200);

    const refused = await customerSignIn(t, store.id, email, 'plum-orchard-41');
    expect(errorOf(refused)).toEqual({ status: 'UNAUTHENTICATED', message: MESSAGES.auth.invalidCredentials });
    const [row] = await t.db.select().from(customers).where(eq(customers.email, email));
    expect(row).toMatchObject({ storeId: store.id, passwordHash: null, accountCreatedAt: null });
  });
});

import type { Purchase } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { insertBuyer, insertOrder, insertProduct } from '#src/testing/customers.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { customerCookie, customerToken, signUpCustomer } from './members-fixtures.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { manualClock } from '#src/testing/clock.ts';
import { callFunction, WEB_APP } from '#src/testing/call-function.ts';

const clock = manualClock();

/** IDOR: purchases across two customers of one store, and one email at two stores. */
describe('getMyPurchases shows a customer only their own orders at that store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t?.close());

  it('keeps two customers of one store, and one email at two stores, apart', async () => {
    const storeA = await createStoreAs(t, await signedInCreator(t, { now: clock.now() }), 'iso-a');
    const storeB = await createStoreAs(t, await signedInCreator(t, { now: clock.now() }), 'iso-b');
    const shared = 'both-stores@example.com';
    const other = 'neighbour@example.com';
    const a = await insertProduct(t, storeA.id, { title: 'A kit', files: ['a.zip'] });
    const b = await insertProduct(t, storeB.id, { title: 'B kit', files: ['b.zip'] });
    const mine = await insertOrder(t, { storeId: storeA.id, customerId: (await insertBuyer(t, storeA.id, shared)).id, productId: a.productId, title: 'A kit' });
    const neighbours = await insertOrder(t, { storeId: storeA.id, customerId: (await insertBuyer(t, storeA.id, other)).id, productId: a.productId, title: 'A kit' });
    const atB = await insertOrder(t, { storeId: storeB.id, customerId: (await insertBuyer(t, storeB.id, shared)).id, productId: b.productId, title: 'B kit' });

    const list = async (storeId: string, email: string) => {
      clock.advance(2 * 60_000); // past the code cooldown
      const signedUp = await signUpCustomer(t, { storeId, email, password: 'plum-orchard-41' });
      const response = await callFunction(t.app, 'getMyPurchases', { storeId }, { as: WEB_APP, headers: customerCookie(storeId, customerToken(signedUp, storeId)) });
      return (response.json().result.purchases as Purchase[]).map((purchase) => purchase.orderId);
    };
    expect(await list(storeA.id, shared)).toEqual([mine]);
    expect(await list(storeA.id, other)).toEqual([neighbours]);
    expect(await list(storeB.id, shared)).toEqual([atB]);
  });
});

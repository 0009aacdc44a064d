import type { MembershipTier, Product } from '@shopfront/core';
import { afterAll, beforeAll } from 'vitest';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { seedCustomer } from '#src/testing/orders.ts';
import { createProductAs } from '#src/testing/products.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { card, CARDS } from '#src/testing/memberships.ts';
import { startTestMembership } from '#src/domain/memberships/start-test-membership.ts';

/** Membership products, tiers and members for the creator-side function tests. */
export interface Shop {
  owner: TestCreator;
  storeId: string;
}

/** Two creators' stores, `<prefix>-shop` and `<prefix>-other`: the one under test and a stranger's for the foreign-id checks. */
export async function shopAndStranger(t: TestApp, now: () => Date, prefix: string): Promise<{ shop: Shop; other: Shop }> {
  const owner = await signedInCreator(t, { now: now() });
  const shop = { owner, storeId: (await createStoreAs(t, owner, `${prefix}-shop`)).id };
  const stranger = await signedInCreator(t, { now: now() });
  return { shop, other: { owner: stranger, storeId: (await createStoreAs(t, stranger, `${prefix}-other`)).id } };
}

/**
 * For one describe block: an app on `now` with `shopAndStranger(prefix)`, made before its tests and
 * closed after; `t`, `shop` and `other` are read inside the tests (they are set by then).
 */
export function shopAndStrangerSuite(now: () => Date, prefix: string) {
  const suite = { t: undefined as unknown as TestApp, shop: undefined as unknown as Shop, other: undefined as unknown as Shop };
  beforeAll(async () => {
    suite.t = await createTestApp({ now });
    Object.assign(suite, await shopAndStranger(suite.t, now, prefix));
  });
  afterAll(() => suite.t?.close());
  return suite;
}

export const call = (t: TestApp, shop: Shop, name: string, data: Record<string, unknown>) => callFunction(t.app, name, { storeId: shop.storeId, ...data }, { as: shop.owner });

/** A refused call's status and message, as the tests compare them. */
export async function refusalOf(reply: ReturnType<typeof call>): Promise<{ status: number; message: string }> {
  const response = await reply;
  return { status: response.statusCode, message: errorOf(response).message };
}

export async function ok<T>(reply: ReturnType<typeof call>): Promise<T> {
  const response = await reply;
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return response.json().result as T;
}

export const newMembership = (t: TestApp, shop: Shop, title = 'Studio Club') => createProductAs(t, shop.owner, shop.storeId, { type: 'membership', title }) as Promise<Product>;

export const newTier = (t: TestApp, shop: Shop, productId: string, fields: Record<string, unknown> = {}) =>
  ok<MembershipTier>(call(t, shop, 'createMembershipTier', { productId, name: 'Supporter', monthlyPriceCents: 500, ...fields }));

/** A customer of the store who joined the tier on the test provider, now. */
export async function join(t: TestApp, shop: Shop, tierId: string, now: Date, options: { interval?: 'month' | 'year'; email?: string; name?: string } = {}) {
  const customer = await seedCustomer(t, shop.storeId, { ...(options.email ? { email: options.email } : {}), ...(options.name ? { name: options.name } : {}) });
  const started = await startTestMembership({ db: t.db, now }, { storeId: shop.storeId, tierId, customerId: customer.id, interval: options.interval ?? 'month', card: card(CARDS.pays) });
  if (started.kind !== 'started') throw new Error(`not started: ${started.kind}`);
  return { customer, membershipId: started.membershipId };
}

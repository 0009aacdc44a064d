import type { MembershipTier, Product } from '@shopfront/core';
import { callFunction } from '#src/testing/call-function.ts';
import type { TestCreator } from '#src/testing/creators.ts';
import { seedCustomer } from '#src/testing/orders.ts';
import { createProductAs } from '#src/testing/products.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { card, CARDS } from '#src/testing/memberships.ts';
import { startTestMembership } from '#src/domain/memberships/start-test-membership.ts';

/** Membership products, tiers and members for the creator-side function tests. */
export interface Shop {
  owner: TestCreator;
  storeId: string;
}

export const call = (t: TestApp, shop: Shop, name: string, data: Record<string, unknown>) => callFunction(t.app, name, { storeId: shop.storeId, ...data }, { as: shop.owner });

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

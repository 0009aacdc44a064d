import { randomBytes } from 'node:crypto';
import { AFFILIATE_CODE_ALPHABET, AFFILIATE_DEFAULTS, ID_PREFIXES, type AffiliateJoinMode } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { newId } from '../db/ids.ts';
import { affiliateCommissions, affiliatePrograms, affiliates, affiliateSignups, affiliateVisits, customers, orders } from '../db/schema/index.ts';
import { createCustomerSession } from '../domain/members/customer-session.ts';
import { findMemberStore } from '../domain/members/member-store.ts';
import { bearer, callFunction, type Caller } from './call-function.ts';
import { seedOrder, seedProduct } from './orders.ts';
import type { TestApp } from './test-app.ts';

/**
 * Rows and callers for the affiliate accounts and ledger tests (program, affiliates, commissions,
 * payouts, the members view). Commissions are inserted for real orders, as fulfilment would.
 */

export const DAY_MS = 86_400_000;
let counter = 0;

/** A well-formed id nobody has. */
export const missingId = (prefix: string) => `${prefix}_${'0'.repeat(20)}`;

export async function seedAffiliateProgram(
  t: TestApp,
  storeId: string,
  terms: Partial<{ enabled: boolean; commissionPercent: number; windowDays: number; holdingDays: number; joinMode: AffiliateJoinMode }> = {},
): Promise<void> {
  const values = { ...AFFILIATE_DEFAULTS, enabled: true, ...terms };
  await t.db.insert(affiliatePrograms).values({ storeId, ...values }).onConflictDoUpdate({ target: affiliatePrograms.storeId, set: values });
}

export interface TestMember extends Caller {
  id: string;
  email: string;
  name: string;
}

/** A customer of the store with a members account (a password was set), not signed in. */
export async function seedMember(t: TestApp, storeId: string, options: { email?: string | undefined; name?: string | undefined } = {}): Promise<{ id: string; email: string; name: string }> {
  const id = newId('cus');
  const email = options.email ?? `member-${++counter}-${id.slice(-6)}@example.com`;
  const name = options.name ?? `Member ${counter}`;
  await t.db.insert(customers).values({ id, storeId, email, name, passwordHash: 'not-a-real-hash', emailVerifiedAt: new Date(), accountCreatedAt: new Date() });
  return { id, email, name };
}

/**
 * A customer of the store with a members account, signed in (a Bearer session in the store's
 * realm). `now`: the app's clock, which the session must be live by.
 */
export async function signedInMember(t: TestApp, storeId: string, options: { email?: string | undefined; name?: string | undefined; now?: Date | undefined } = {}): Promise<TestMember> {
  const { id, email, name } = await seedMember(t, storeId, options);
  const now = options.now ?? new Date();
  const realm = await findMemberStore(t.db, storeId);
  if (!realm) throw new Error('store has no tenant');
  const session = await createCustomerSession(t.db, { tenantId: realm.tenantId, customerId: id, userAgent: null, ip: '127.0.0.1', now });
  return { id, email, name, headers: bearer(session.token) };
}

export interface TestAffiliate {
  id: string;
  code: string;
  member: TestMember;
}

function newCode(): string {
  let code = '';
  for (const byte of randomBytes(8)) code += AFFILIATE_CODE_ALPHABET[byte % AFFILIATE_CODE_ALPHABET.length];
  return code;
}

/** A signed-in member who is an affiliate of the store, written straight to the database. */
export async function seedStoreAffiliate(
  t: TestApp,
  storeId: string,
  options: { status?: 'pending' | 'active' | 'paused' | 'removed'; email?: string; name?: string; member?: TestMember; createdAt?: Date; now?: Date } = {},
): Promise<TestAffiliate> {
  const member = options.member ?? (await signedInMember(t, storeId, { email: options.email, name: options.name, now: options.now }));
  const id = newId(ID_PREFIXES.affiliate);
  const code = newCode();
  const createdAt = options.createdAt ?? new Date();
  await t.db.insert(affiliates).values({ id, storeId, customerId: member.id, code, status: options.status ?? 'active', createdAt, updatedAt: createdAt });
  return { id, code, member };
}

export interface SeedCommissionOptions {
  storeId: string;
  affiliateId: string;
  /** The order; a new product and buyer of the store when left out. */
  productId?: string;
  buyerId?: string;
  productTitle?: string;
  orderCents?: number;
  refundedCents?: number;
  currency?: string;
  amountCents?: number;
  reversedCents?: number;
  testMode?: boolean;
  holdUntil: Date;
  createdAt?: Date;
}

/** A paid order of the store and its commission, as fulfilment (and refunds) would leave them. */
export async function seedCommission(t: TestApp, options: SeedCommissionOptions): Promise<{ id: string; orderId: string }> {
  const productId = options.productId ?? (await seedProduct(t, options.storeId)).id;
  const buyerId = options.buyerId ?? (await seedMember(t, options.storeId)).id;
  const orderCents = options.orderCents ?? 10_000;
  const currency = options.currency ?? 'USD';
  const testMode = options.testMode ?? true;
  const createdAt = options.createdAt ?? new Date(options.holdUntil.getTime() - 14 * DAY_MS);
  const order = await seedOrder(t, {
    storeId: options.storeId,
    productId,
    customerId: buyerId,
    productTitle: options.productTitle ?? 'Risograph Zine',
    amountCents: orderCents,
    currency,
    provider: testMode ? 'test' : 'stripe',
    createdAt,
  });
  if (options.refundedCents) {
    await t.db.update(orders).set({ refundedCents: options.refundedCents, ...(options.refundedCents >= orderCents ? { status: 'refunded', refundedAt: createdAt } : {}) }).where(eq(orders.id, order.id));
  }
  const id = newId(ID_PREFIXES.affiliateCommission);
  await t.db.insert(affiliateCommissions).values({
    id,
    storeId: options.storeId,
    affiliateId: options.affiliateId,
    orderId: order.id,
    currency,
    baseCents: orderCents,
    amountCents: options.amountCents ?? Math.floor(orderCents / 5),
    reversedCents: options.reversedCents ?? 0,
    testMode,
    holdUntil: options.holdUntil,
    createdAt,
    updatedAt: createdAt,
  });
  return { id, orderId: order.id };
}

/** Counted and ignored visits, and signups, of an affiliate. */
export async function seedTraffic(t: TestApp, options: { storeId: string; affiliateId: string; code: string; counted: number; ignored?: number; signups?: number }) {
  const visit = (outcome: 'counted' | 'ignored') => ({
    storeId: options.storeId,
    affiliateId: options.affiliateId,
    code: options.code,
    fingerprint: randomBytes(8).toString('hex'),
    outcome,
    ignoredReason: outcome === 'ignored' ? 'bot' : null,
  });
  const rows = [...Array.from({ length: options.counted }, () => visit('counted')), ...Array.from({ length: options.ignored ?? 0 }, () => visit('ignored'))];
  if (rows.length > 0) await t.db.insert(affiliateVisits).values(rows);
  for (let i = 0; i < (options.signups ?? 0); i++) {
    const member = await seedMember(t, options.storeId);
    await t.db.insert(affiliateSignups).values({ id: newId(ID_PREFIXES.affiliateSignup), storeId: options.storeId, affiliateId: options.affiliateId, customerId: member.id });
  }
}

/** Calls a function and answers its result, failing the test on anything but 200. */
export async function resultOf<T = Record<string, unknown>>(reply: Promise<LightMyRequestResponse>): Promise<T> {
  const response = await reply;
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as T;
}

export function call(t: TestApp, name: string, data: unknown, as: Caller) {
  return callFunction(t.app, name, data, { as });
}

import { randomBytes } from 'node:crypto';
import { AFFILIATE_CODE_ALPHABET, AFFILIATE_DEFAULTS, ID_PREFIXES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { newId } from '../db/ids.ts';
import { affiliateCommissions, affiliatePrograms, affiliateProductRates, affiliates, affiliateSignups, affiliateVisits, customers, orders } from '../db/schema/index.ts';
import { createCustomerSession } from '../domain/members/customer-session.ts';
import { findMemberStore } from '../domain/members/member-store.ts';
import { callFunction, WEB_APP, type CallOptions } from './call-function.ts';
import type { TestApp } from './test-app.ts';

/**
 * Rows and requests for the affiliate tracking, attribution and commission tests: programs and
 * affiliates written straight to the database (the creator and members functions are tested on
 * their own), members sessions made the way a sign-in makes them.
 */

/** A desktop Chrome: what a real storefront visitor sends (the injector's own agent is a bot). */
export const BROWSER_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export async function seedProgram(
  t: TestApp,
  storeId: string,
  terms: Partial<{ enabled: boolean; commissionPercent: number; windowDays: number; holdingDays: number }> = {},
): Promise<void> {
  const values = { ...AFFILIATE_DEFAULTS, enabled: true, ...terms };
  await t.db
    .insert(affiliatePrograms)
    .values({ storeId, ...values })
    .onConflictDoUpdate({ target: affiliatePrograms.storeId, set: values });
}

export async function setProductRate(t: TestApp, storeId: string, productId: string, commissionPercent: number): Promise<void> {
  await t.db
    .insert(affiliateProductRates)
    .values({ storeId, productId, commissionPercent })
    .onConflictDoUpdate({ target: affiliateProductRates.productId, set: { commissionPercent } });
}

export interface SeededAffiliate {
  id: string;
  code: string;
  customerId: string;
  email: string;
}

let counter = 0;

export function newCode(): string {
  let code = '';
  for (const byte of randomBytes(8)) code += AFFILIATE_CODE_ALPHABET[byte % AFFILIATE_CODE_ALPHABET.length];
  return code;
}

/** A members-area customer of the store (with an account) who is an affiliate of it. */
export async function seedAffiliate(
  t: TestApp,
  storeId: string,
  options: { status?: 'pending' | 'active' | 'paused' | 'removed'; email?: string; customerId?: string } = {},
): Promise<SeededAffiliate> {
  const customerId = options.customerId ?? (await seedMember(t, storeId, { email: options.email })).id;
  const [customer] = await t.db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
  const id = newId(ID_PREFIXES.affiliate);
  const code = newCode();
  await t.db.insert(affiliates).values({ id, storeId, customerId, code, status: options.status ?? 'active' });
  return { id, code, customerId, email: customer!.email };
}

/** A customer of the store with a members account (a password was set). */
export async function seedMember(t: TestApp, storeId: string, options: { email?: string | undefined; name?: string } = {}): Promise<{ id: string; email: string }> {
  const id = newId('cus');
  const email = options.email ?? `member-${++counter}-${id.slice(-6)}@example.com`;
  const now = new Date();
  await t.db.insert(customers).values({ id, storeId, email, name: options.name ?? 'Mina Member', passwordHash: 'not-a-real-hash', emailVerifiedAt: now, accountCreatedAt: now });
  return { id, email };
}

/** The headers of a browser signed in to the store's members area as this customer. */
export async function memberHeaders(t: TestApp, storeId: string, customerId: string, now = new Date()): Promise<Record<string, string>> {
  const realm = await findMemberStore(t.db, storeId);
  if (!realm) throw new Error('store has no tenant');
  const session = await createCustomerSession(t.db, { tenantId: realm.tenantId, customerId, userAgent: BROWSER_UA, ip: '127.0.0.1', now });
  return { cookie: `sfc_${storeId}=${session.token}` };
}

export function newFingerprint(): string {
  return randomBytes(8).toString('hex');
}

let addresses = 0;
/** A client address of its own, so the per-address limit of one test never touches another. */
export function newAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A tracking call from a browser on our own origin, with a browser's user agent unless told otherwise. */
export function trackingCall(t: TestApp, name: 'trackAffiliateVisit' | 'trackAffiliateSignup' | 'convertAffiliateReferral', data: unknown, options: CallOptions = {}) {
  return callFunction(t.app, name, data, {
    as: WEB_APP,
    remoteAddress: options.remoteAddress ?? newAddress(),
    headers: { 'user-agent': BROWSER_UA, ...options.headers },
  });
}

export const visitsOf = (t: TestApp, storeId: string) => t.db.select().from(affiliateVisits).where(eq(affiliateVisits.storeId, storeId)).orderBy(affiliateVisits.id);
export const signupsOf = (t: TestApp, storeId: string) => t.db.select().from(affiliateSignups).where(eq(affiliateSignups.storeId, storeId));
export const commissionsOf = (t: TestApp, storeId: string) => t.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.storeId, storeId));

export async function commissionOfOrder(t: TestApp, orderId: string) {
  const [row] = await t.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.orderId, orderId));
  return row ?? null;
}

export async function orderOfCheckout(t: TestApp, checkoutId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
  return row ?? null;
}

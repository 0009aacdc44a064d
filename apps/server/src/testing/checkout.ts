import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { newId } from '../db/ids.ts';
import { checkouts, customers, orders, products, type ProductRow } from '../db/schema/index.ts';
import { callFunction } from './call-function.ts';
import type { TestApp } from './test-app.ts';
import { TEST_PUBLIC_URL } from './test-env.ts';

/** Rows and requests for checkout and payment tests (functions/checkout, http/routes/checkout). */
export type ProductOverrides = Partial<Pick<ProductRow, 'type' | 'priceMode' | 'priceCents' | 'minPriceCents' | 'status' | 'title' | 'currency'>>;

/** A product written straight to the database (the products area owns creating them through the API). */
export async function insertProduct(t: TestApp, storeId: string, overrides: ProductOverrides = {}): Promise<ProductRow> {
  const id = newId('prd');
  const [row] = await t.db
    .insert(products)
    .values({
      id,
      storeId,
      slug: `p-${randomBytes(4).toString('hex')}`,
      type: 'digital',
      title: 'Risograph Zine',
      priceMode: 'fixed',
      priceCents: 1200,
      currency: 'USD',
      ctaLabel: 'Buy now',
      status: 'published',
      ...overrides,
    })
    .returning();
  return row!;
}

let keys = 0;
export function newKey(): string {
  return `key-${++keys}-${randomBytes(6).toString('hex')}`;
}

/** A buyer's createCheckout from the storefront (public: no session). */
export function checkoutCall(t: TestApp, data: Record<string, unknown>) {
  return callFunction(t.app, 'createCheckout', {
    name: 'Ada Buyer',
    email: 'ada@example.com',
    idempotencyKey: newKey(),
    ...data,
  });
}

export async function startCheckout(t: TestApp, data: Record<string, unknown>) {
  const response = await checkoutCall(t, data);
  if (response.statusCode !== 200) throw new Error(`createCheckout failed: ${response.body}`);
  return response.json().result as { checkoutId: string; checkoutUrl: string; orderId?: string };
}

/** Submits the test card page's form as a browser on our own origin would (`fields` adds to it, e.g. the authentication step's answer). */
export function payWithCard(t: TestApp, checkoutId: string, cardNumber: string, headers: Record<string, string> = {}, fields: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/checkout/test/${checkoutId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_PUBLIC_URL, ...headers },
    payload: new URLSearchParams({ cardNumber, expiry: '12/34', cvc: '123', cardName: 'Ada Buyer', ...fields }).toString(),
  });
}

/** Buys one product with a test card, completing the authentication step for any card but 4242; answers the paid checkout's id. */
export async function buyWithTestCard(t: TestApp, ids: { storeId: string; productId: string }, card = '4242424242424242') {
  const { checkoutId } = await startCheckout(t, ids);
  const paid = await payWithCard(t, checkoutId, card, {}, card === '4242424242424242' ? {} : { authentication: 'complete' });
  if (paid.statusCode !== 303) throw new Error(`the test card payment answered ${paid.statusCode}: ${paid.body}`);
  return checkoutId;
}

export async function ordersOf(t: TestApp, storeId: string) {
  return t.db.select().from(orders).where(eq(orders.storeId, storeId));
}

export async function customersOf(t: TestApp, storeId: string) {
  return t.db.select().from(customers).where(eq(customers.storeId, storeId));
}

export async function checkoutsOf(t: TestApp, storeId: string) {
  return t.db.select().from(checkouts).where(eq(checkouts.storeId, storeId));
}

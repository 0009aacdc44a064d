import type { Product, ProductFieldsInput } from '@shopfront/core';
import { newId } from '../db/ids.ts';
import { checkouts, customers, orders } from '../db/schema/index.ts';
import type { TestApp } from './test-app.ts';
import { callFunction } from './call-function.ts';
import type { TestCreator } from './creators.ts';
import { recordOrderGrants } from '../domain/checkout/record-order-grants.ts';

/** Products made through the front door, their file uploads, and the orders that keep them. */

/** A valid digital download in draft. */
export function sampleFields(overrides: Partial<ProductFieldsInput> = {}): ProductFieldsInput {
  return { type: 'digital', title: 'Riso Zine', priceMode: 'fixed', priceCents: 1500, ...overrides };
}

export async function createProductAs(t: TestApp, who: TestCreator, storeId: string, overrides: Partial<ProductFieldsInput> = {}) {
  const response = await callFunction(t.app, 'createProduct', { storeId, ...sampleFields(overrides) }, { as: who });
  if (response.statusCode !== 200) throw new Error(`createProduct failed: ${response.body}`);
  return response.json().result as Product;
}

/** PUT one product file the way the dashboard does. */
export function uploadFile(
  t: TestApp,
  who: TestCreator | null,
  path: { storeId: string; productId: string },
  body: Buffer | NodeJS.ReadableStream,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/stores/${path.storeId}/products/${path.productId}/files`,
    headers: { 'content-type': 'application/pdf', 'x-file-name': 'guide.pdf', ...(who?.headers ?? {}), ...headers },
    payload: body,
  });
}

/** A paid (or refunded) order for the product, inserted directly: orders come only from payment events. */
export async function insertOrder(t: TestApp, storeId: string, productId: string, status: 'paid' | 'refunded' = 'paid') {
  const customerId = newId('cus');
  const checkoutId = newId('chk');
  await t.db.insert(customers).values({ id: customerId, storeId, email: `${customerId}@example.com`, name: 'Buyer' });
  await t.db.insert(checkouts).values({
    id: checkoutId,
    storeId,
    productId,
    idempotencyKey: checkoutId,
    email: `${customerId}@example.com`,
    name: 'Buyer',
    amountCents: 1500,
    currency: 'USD',
    provider: 'test',
    status: 'completed',
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const orderId = newId('ord');
  await t.db.insert(orders).values({
    id: orderId,
    storeId,
    checkoutId,
    customerId,
    productId,
    productTitle: 'Riso Zine',
    status,
    provider: 'test',
    amountCents: 1500,
    refundedCents: status === 'refunded' ? 1500 : 0,
    currency: 'USD',
  });
  await recordOrderGrants(t.db, { orderId, storeId, productIds: [productId] });
  return orderId;
}

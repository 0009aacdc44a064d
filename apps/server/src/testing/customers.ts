import { eq } from 'drizzle-orm';
import { newId } from '../db/ids.ts';
import { checkouts, customers, orders, productFiles, products } from '../db/schema/index.ts';
import { upsertCustomer } from '../domain/customers/upsert-customer.ts';
import type { TestApp } from './test-app.ts';
import { recordOrderGrants } from '../domain/checkout/record-order-grants.ts';

/** The rows fulfilment would write, for customer, members and export tests. */
export async function insertProduct(
  t: TestApp,
  storeId: string,
  options: { title?: string; type?: 'digital' | 'lead-magnet' | 'link'; files?: string[] } = {},
): Promise<{ productId: string; fileIds: string[] }> {
  const productId = newId('prd');
  await t.db.insert(products).values({
    id: productId,
    storeId,
    slug: productId.replace('_', '-'),
    type: options.type ?? 'digital',
    title: options.title ?? 'Brush pack',
    priceMode: 'fixed',
    priceCents: 1500,
    currency: 'USD',
    ctaLabel: 'Buy',
    status: 'published',
  });
  const fileIds: string[] = [];
  for (const name of options.files ?? []) {
    const id = newId('file');
    fileIds.push(id);
    await t.db.insert(productFiles).values({
      id,
      productId,
      storeId,
      name,
      sizeBytes: 1234,
      contentType: 'application/zip',
      storageKey: `${storeId}/products/${id}`,
      sha256: '0'.repeat(64),
    });
  }
  return { productId, fileIds };
}

/** A buyer without an account (the customer row checkout creates). */
export function insertBuyer(t: TestApp, storeId: string, email: string, name = 'Bea Buyer', now = new Date()) {
  return upsertCustomer(t.db, { storeId, email, name, now });
}

/** A paid (or refunded) order of `customerId` for `productId`, as fulfilment would record it. */
export async function insertOrder(
  t: TestApp,
  options: { storeId: string; customerId: string; productId: string; amountCents?: number; status?: 'paid' | 'refunded'; createdAt?: Date; title?: string },
): Promise<string> {
  const createdAt = options.createdAt ?? new Date();
  const checkoutId = newId('chk');
  const [customer] = await t.db.select().from(customers).where(eq(customers.id, options.customerId));
  await t.db.insert(checkouts).values({
    id: checkoutId,
    storeId: options.storeId,
    productId: options.productId,
    idempotencyKey: checkoutId,
    email: customer?.email ?? 'x@example.com',
    name: customer?.name ?? 'X',
    amountCents: options.amountCents ?? 1500,
    currency: 'USD',
    provider: 'test',
    status: 'completed',
    expiresAt: new Date(createdAt.getTime() + 86_400_000),
    completedAt: createdAt,
    createdAt,
  });
  const orderId = newId('ord');
  const refunded = options.status === 'refunded';
  await t.db.insert(orders).values({
    id: orderId,
    storeId: options.storeId,
    checkoutId,
    customerId: options.customerId,
    productId: options.productId,
    productTitle: options.title ?? 'Brush pack',
    status: refunded ? 'refunded' : 'paid',
    provider: 'test',
    amountCents: options.amountCents ?? 1500,
    currency: 'USD',
    refundedAt: refunded ? createdAt : null,
    createdAt,
    updatedAt: createdAt,
  });
  await recordOrderGrants(t.db, { orderId, storeId: options.storeId, productIds: [options.productId] });
  return orderId;
}

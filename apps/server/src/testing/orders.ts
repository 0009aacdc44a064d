import { eq } from 'drizzle-orm';
import { newId } from '../db/ids.ts';
import { checkouts, customers, orders, productFiles, products, stores } from '../db/schema/index.ts';
import { storageFromEnv } from '../files/storage-from-env.ts';
import type { TestApp } from './test-app.ts';
import { createStoreAs } from './stores.ts';
import { signedInCreator, type TestCreator } from './creators.ts';
import { recordOrderGrants } from '../domain/checkout/record-order-grants.ts';

/** Stores, products, customers and orders for order and delivery tests: rows inserted directly, files put into storage. */
export interface SeededStore {
  owner: TestCreator;
  id: string;
  slug: string;
  name: string;
}

let counter = 0;

export async function seedStore(t: TestApp, options: { owner?: TestCreator; currency?: string } = {}): Promise<SeededStore> {
  const owner = options.owner ?? (await signedInCreator(t));
  const store = await createStoreAs(t, owner, `shop-${++counter}-${Date.now().toString(36)}`);
  if (options.currency) await t.db.update(stores).set({ currency: options.currency }).where(eq(stores.id, store.id));
  return { owner, id: store.id, slug: store.slug, name: store.name };
}

export interface SeededFile {
  id: string;
  name: string;
  bytes: Buffer;
}

export async function seedProduct(
  t: TestApp,
  storeId: string,
  options: { title?: string; type?: 'digital' | 'lead-magnet' | 'link'; files?: { name: string; bytes: Buffer }[]; externalUrl?: string } = {},
): Promise<{ id: string; title: string; files: SeededFile[] }> {
  const id = newId('prd');
  const title = options.title ?? `Product ${++counter}`;
  await t.db.insert(products).values({
    id,
    storeId,
    slug: `product-${counter}-${id.slice(-6)}`,
    type: options.type ?? 'digital',
    title,
    priceMode: 'fixed',
    priceCents: 1250,
    currency: 'USD',
    ctaLabel: 'Buy now',
    externalUrl: options.externalUrl ?? null,
    status: 'published',
  });
  const files: SeededFile[] = [];
  for (const file of options.files ?? []) {
    const fileId = newId('file');
    const storageKey = `${storeId}/products/${fileId}`;
    await storageFromEnv(t.env).put(storageKey, file.bytes);
    await t.db.insert(productFiles).values({
      id: fileId,
      productId: id,
      storeId,
      name: file.name,
      sizeBytes: file.bytes.length,
      contentType: 'text/html',
      storageKey,
      sha256: 'x'.repeat(64),
    });
    files.push({ id: fileId, ...file });
  }
  return { id, title, files };
}

export async function seedCustomer(t: TestApp, storeId: string, options: { name?: string; email?: string } = {}): Promise<{ id: string; name: string; email: string }> {
  const id = newId('cus');
  const name = options.name ?? `Buyer ${++counter}`;
  const email = options.email ?? `buyer-${counter}-${id.slice(-6)}@example.com`;
  await t.db.insert(customers).values({ id, storeId, name, email });
  return { id, name, email };
}

export interface SeedOrderOptions {
  storeId: string;
  productId: string;
  customerId: string;
  productTitle?: string;
  amountCents?: number;
  currency?: string;
  status?: 'paid' | 'refunded';
  provider?: 'test' | 'stripe' | 'free';
  createdAt?: Date;
}

/** A checkout and its order, as fulfilment would leave them. */
export async function seedOrder(t: TestApp, options: SeedOrderOptions): Promise<{ id: string }> {
  const createdAt = options.createdAt ?? new Date();
  const amountCents = options.amountCents ?? 1250;
  const provider = options.provider ?? (amountCents === 0 ? 'free' : 'test');
  const checkoutId = newId('chk');
  await t.db.insert(checkouts).values({
    id: checkoutId,
    storeId: options.storeId,
    productId: options.productId,
    idempotencyKey: checkoutId,
    email: 'buyer@example.com',
    name: 'Buyer',
    amountCents,
    currency: options.currency ?? 'USD',
    provider,
    status: 'completed',
    expiresAt: new Date(createdAt.getTime() + 86_400_000),
    completedAt: createdAt,
    createdAt,
  });
  const id = newId('ord');
  await t.db.insert(orders).values({
    id,
    storeId: options.storeId,
    checkoutId,
    customerId: options.customerId,
    productId: options.productId,
    productTitle: options.productTitle ?? 'Snapshot title',
    status: options.status ?? 'paid',
    provider,
    providerPaymentId: provider === 'free' ? null : `pay_${checkoutId}`,
    amountCents,
    currency: options.currency ?? 'USD',
    refundedAt: options.status === 'refunded' ? createdAt : null,
    refundedCents: options.status === 'refunded' ? amountCents : 0,
    createdAt,
  });
  await recordOrderGrants(t.db, { orderId: id, storeId: options.storeId, productIds: [options.productId] });
  return { id };
}

import { COMMERCE_LIMITS, type Purchase } from '@shopfront/core';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { orders, productFiles, products } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { fileDownloadUrl } from '../delivery/download-tokens.ts';
import { grantedProductIds } from '../delivery/granted-product-ids.ts';
import { lockedPlanOrderIds } from '../payment-plans/plan-locks-order.ts';

/**
 * The members home: the customer's orders in this store, newest first, each with fresh
 * 15-minute signed file links. A refunded order stays listed (status 'refunded') but serves no files;
 * a locked payment plan's order is `planLocked` and serves none until the card is updated.
 * The caller must already be this store's signed-in customer.
 */
export async function getMyPurchases(options: {
  db: Database;
  env: Env;
  storeId: string;
  customerId: string;
  now: Date;
}): Promise<{ purchases: Purchase[] }> {
  const { db, env } = options;
  const rows = await db
    .select({ order: orders, product: products })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.storeId, options.storeId), eq(orders.customerId, options.customerId)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const paidIds = rows.filter((row) => row.order.status === 'paid').map((row) => row.order.id);
  // A locked payment plan's files are withheld (each download would be refused): the page says why instead.
  const locked = new Set(await lockedPlanOrderIds(db, paidIds));
  const paidOrderIds = paidIds.filter((id) => !locked.has(id));
  // Every file each paid order grants: its lines' products and their bundles' included products.
  const files =
    paidOrderIds.length === 0
      ? []
      : await db
          .select({ orderId: orders.id, file: productFiles })
          .from(orders)
          .innerJoin(productFiles, and(eq(productFiles.storeId, orders.storeId), sql`${productFiles.productId} in ${grantedProductIds(orders.id)}`))
          .where(and(eq(orders.storeId, options.storeId), inArray(orders.id, paidOrderIds)))
          .orderBy(sql`${productFiles.productId} <> ${orders.productId}`, asc(productFiles.createdAt), asc(productFiles.id));
  const expiresAt = new Date(options.now.getTime() + COMMERCE_LIMITS.downloadLinkTtlMs);
  const purchases = rows.map(({ order, product }): Purchase => ({
    orderId: order.id,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    amountCents: order.amountCents,
    currency: order.currency,
    product: {
      id: product.id,
      title: order.productTitle,
      type: product.type,
      coverImageUrl: product.coverImageUrl,
      externalUrl: product.externalUrl,
    },
    ...(locked.has(order.id) ? { planLocked: true } : {}),
    files:
      order.status === 'paid' && !locked.has(order.id)
        ? files
            .filter((row) => row.orderId === order.id)
            .map(({ file }) => ({ id: file.id, name: file.name, sizeBytes: file.sizeBytes, url: fileDownloadUrl(env, order.id, file.id, expiresAt) }))
        : [],
  }));
  return { purchases };
}

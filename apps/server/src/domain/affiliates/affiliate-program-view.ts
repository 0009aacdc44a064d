import type { AffiliateProgram } from '@shopfront/core';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { affiliateProductRates, products, type StoreRow } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { readAffiliateProgram } from './read-program.ts';

export const SECONDS_PER_DAY = 86_400;

/**
 * The creator's view of the program: its terms, every product that sells (not archived; link
 * products have no checkout) with its own commission or null, and the store's test clock, which
 * only a server that takes test payments offers.
 */
export async function affiliateProgramView(db: Executor, options: { store: Pick<StoreRow, 'id' | 'currency'>; env: Pick<Env, 'payments'> }): Promise<AffiliateProgram> {
  const { store } = options;
  const program = await readAffiliateProgram(db, store.id);
  const rows = await db
    .select({ productId: products.id, title: products.title, commissionPercent: affiliateProductRates.commissionPercent })
    .from(products)
    .leftJoin(affiliateProductRates, eq(affiliateProductRates.productId, products.id))
    .where(and(eq(products.storeId, store.id), ne(products.status, 'archived'), ne(products.type, 'link')))
    .orderBy(asc(products.createdAt), asc(products.id));
  return {
    storeId: store.id,
    enabled: program.enabled,
    commissionPercent: program.commissionPercent,
    windowDays: program.windowDays,
    holdingDays: program.holdingDays,
    joinMode: program.joinMode,
    currency: store.currency,
    products: rows.map((row) => ({ productId: row.productId, title: row.title, commissionPercent: row.commissionPercent ?? null })),
    testClock: { available: options.env.payments.testProviderEnabled, offsetDays: program.testClockOffsetSeconds / SECONDS_PER_DAY },
  };
}

import { productUrl, storefrontUrl, type MyAffiliate } from '@shopfront/core';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { affiliateProductRates, affiliates, products, type StoreRow } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { affiliateStats, emptyAffiliateStats } from './affiliate-stats.ts';
import { findAffiliateCommissions } from './find-affiliate-commissions.ts';
import { findAffiliatePayouts } from './find-affiliate-payouts.ts';
import { readAffiliateProgram, type ProgramTerms } from './read-program.ts';
import type { AffiliateRow } from './get-store-affiliate.ts';

type Store = Pick<StoreRow, 'id' | 'slug' | 'currency'>;

/**
 * The members area's view: the program's terms (null while it is off) and the caller's own
 * affiliate account of this store (null until they join), with links, stats, earnings,
 * commissions and payouts of that account only.
 */
export async function myAffiliateView(db: Executor, options: { env: Pick<Env, 'publicUrl'>; store: Store; customerId: string; now: Date }): Promise<MyAffiliate> {
  const { store } = options;
  const program = await readAffiliateProgram(db, store.id);
  const [affiliate] = await db
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.storeId, store.id), eq(affiliates.customerId, options.customerId)))
    .limit(1);
  const { enabled, commissionPercent, joinMode, holdingDays, windowDays } = program;
  return {
    program: enabled ? { enabled, commissionPercent, joinMode, holdingDays, windowDays } : null,
    affiliate: affiliate ? await affiliateAccount(db, { ...options, program, affiliate }) : null,
  };
}

async function affiliateAccount(
  db: Executor,
  options: { env: Pick<Env, 'publicUrl'>; store: Store; program: ProgramTerms; affiliate: AffiliateRow; now: Date },
): Promise<NonNullable<MyAffiliate['affiliate']>> {
  const { store, program, affiliate, now } = options;
  const scope = { storeId: store.id, affiliateId: affiliate.id };
  const stats = (await affiliateStats(db, { ...scope, currency: store.currency, now, testClockOffsetSeconds: program.testClockOffsetSeconds })).get(affiliate.id) ?? emptyAffiliateStats();
  const { earnings, ...counts } = stats;
  const commissions = await findAffiliateCommissions(db, { ...scope, now, testClockOffsetSeconds: program.testClockOffsetSeconds });
  const payouts = await findAffiliatePayouts(db, scope);
  return {
    id: affiliate.id,
    code: affiliate.code,
    status: affiliate.status,
    createdAt: affiliate.createdAt.toISOString(),
    links: await referralLinks(db, { ...options, code: affiliate.code }),
    stats: counts,
    earnings,
    commissions: commissions.map(({ affiliateName: _name, ...commission }) => commission),
    payouts: payouts.map(({ affiliateName: _name, ...payout }) => payout),
  };
}

/** The store's link and one per published product that sells, each with the commission it earns. */
async function referralLinks(db: Executor, options: { env: Pick<Env, 'publicUrl'>; store: Store; program: ProgramTerms; code: string }) {
  const { store, program } = options;
  const origin = options.env.publicUrl;
  const ref = `?ref=${encodeURIComponent(options.code)}`;
  const rows = await db
    .select({ productId: products.id, slug: products.slug, title: products.title, override: affiliateProductRates.commissionPercent })
    .from(products)
    .leftJoin(affiliateProductRates, eq(affiliateProductRates.productId, products.id))
    .where(and(eq(products.storeId, store.id), eq(products.status, 'published'), ne(products.type, 'link')))
    .orderBy(asc(products.createdAt), asc(products.id));
  return {
    store: `${storefrontUrl(store, { origin })}${ref}`,
    products: rows.map((row) => ({
      productId: row.productId,
      title: row.title,
      url: `${productUrl(store, row.slug, { origin })}${ref}`,
      commissionPercent: row.override ?? program.commissionPercent,
    })),
  };
}

// Exports the discount reads shared by the area: toDiscountCode, usesCounted, codeUses, discountNotFound.
import { AppError, DISCOUNT_MESSAGES, type DiscountCode } from '@shopfront/core';
import { and, count, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { checkouts, discountRedemptions, type DiscountCodeRow } from '#src/db/schema/index.ts';

export function discountNotFound(): AppError {
  return new AppError('not-found', DISCOUNT_MESSAGES.notFound);
}

/**
 * A use counts while its checkout is completed, or open and not yet expired: held for the buyer who
 * is paying. A checkout with a code expires after DISCOUNT_LIMITS.holdMinutes (createCheckout).
 */
export function usesCounted(now: Date): SQL {
  return or(eq(checkouts.status, 'completed'), and(eq(checkouts.status, 'open'), gt(checkouts.expiresAt, now)))!;
}

export interface CodeUses {
  /** Completed checkouts (paid or claimed orders). */
  used: number;
  /** Open checkouts that may still be paid. */
  held: number;
}

/** Each code's completed and held uses at `now`. */
export async function codeUses(db: Executor, discountIds: string[], now: Date): Promise<Map<string, CodeUses>> {
  if (discountIds.length === 0) return new Map();
  const rows = await db
    .select({
      discountId: discountRedemptions.discountId,
      used: sql<number>`(count(*) filter (where ${checkouts.status} = 'completed'))::int`,
      held: count(),
    })
    .from(discountRedemptions)
    .innerJoin(checkouts, eq(checkouts.id, discountRedemptions.checkoutId))
    .where(and(inArray(discountRedemptions.discountId, discountIds), usesCounted(now)))
    .groupBy(discountRedemptions.discountId);
  return new Map(rows.map((row) => [row.discountId, { used: Number(row.used), held: row.held - Number(row.used) }]));
}

export function toDiscountCode(row: DiscountCodeRow, uses: CodeUses = { used: 0, held: 0 }): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    currency: row.currency,
    productId: row.productId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerEmail: row.maxUsesPerEmail,
    minPriceCents: row.minPriceCents,
    active: row.active,
    usedCount: uses.used,
    heldCount: uses.held,
    createdAt: row.createdAt.toISOString(),
  };
}

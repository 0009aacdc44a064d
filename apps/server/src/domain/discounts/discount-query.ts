// Exports the discount reads shared by the area: toDiscountCode, usesCounted, completedUses, discountNotFound.
import { AppError, DISCOUNT_MESSAGES, type DiscountCode } from '@shopfront/core';
import { and, count, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { checkouts, discountRedemptions, type DiscountCodeRow } from '#src/db/schema/index.ts';

export function discountNotFound(): AppError {
  return new AppError('not-found', DISCOUNT_MESSAGES.notFound);
}

/** A use counts while its checkout is completed, or open and not yet expired (held for the buyer who is paying). */
export function usesCounted(now: Date): SQL {
  return or(eq(checkouts.status, 'completed'), and(eq(checkouts.status, 'open'), gt(checkouts.expiresAt, now)))!;
}

/** How many completed checkouts used each code. */
export async function completedUses(db: Executor, discountIds: string[]): Promise<Map<string, number>> {
  if (discountIds.length === 0) return new Map();
  const rows = await db
    .select({ discountId: discountRedemptions.discountId, uses: count() })
    .from(discountRedemptions)
    .innerJoin(checkouts, eq(checkouts.id, discountRedemptions.checkoutId))
    .where(and(inArray(discountRedemptions.discountId, discountIds), eq(checkouts.status, 'completed')))
    .groupBy(discountRedemptions.discountId);
  return new Map(rows.map((row) => [row.discountId, row.uses]));
}

export function toDiscountCode(row: DiscountCodeRow, usedCount: number): DiscountCode {
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
    usedCount,
    createdAt: row.createdAt.toISOString(),
  };
}

import { AppError, DISCOUNT_LIMITS, DISCOUNT_MESSAGES, type DiscountCode, type DiscountFields } from '@shopfront/core';
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import { newId } from '#src/db/ids.ts';
import { discountCodes, products, type StoreRow } from '#src/db/schema/index.ts';
import { codeUses, discountNotFound, toDiscountCode } from './discount-query.ts';

interface SaveOptions {
  store: Pick<StoreRow, 'id' | 'currency'>;
  /** Absent: create. */
  discountId?: string;
  fields: DiscountFields;
  now: Date;
}

/**
 * createDiscountCode and updateDiscountCode. The product must be one of the store's (a foreign
 * product answers like a missing one); a new expiry must be in the future; codes are unique per
 * store. An amount-off code is in the store's currency at creation and keeps it.
 */
export async function saveDiscountCode(db: Database, options: SaveOptions): Promise<DiscountCode> {
  const { store, fields, now } = options;
  return db.transaction(async (tx) => {
    const existing = options.discountId
      ? (await tx.select().from(discountCodes).where(and(eq(discountCodes.id, options.discountId), eq(discountCodes.storeId, store.id))).for('update'))[0]
      : undefined;
    if (options.discountId && !existing) throw discountNotFound();
    if (fields.productId) {
      const [product] = await tx.select({ id: products.id }).from(products).where(and(eq(products.id, fields.productId), eq(products.storeId, store.id)));
      if (!product) throw new AppError('not-found', DISCOUNT_MESSAGES.productNotInStore);
    }
    const expiresAt = fields.expiresAt ? new Date(fields.expiresAt) : null;
    const expiryChanged = expiresAt?.getTime() !== existing?.expiresAt?.getTime();
    if (expiresAt && expiryChanged && expiresAt <= now) throw new AppError('invalid-argument', DISCOUNT_MESSAGES.expiryPast);
    const values = {
      code: fields.code,
      kind: fields.kind,
      value: fields.value,
      productId: fields.productId,
      expiresAt,
      maxUses: fields.maxUses,
      maxUsesPerEmail: fields.maxUsesPerEmail,
      minPriceCents: fields.minPriceCents,
      active: fields.active,
      updatedAt: now,
    };
    try {
      if (existing) {
        const [row] = await tx.update(discountCodes).set(values).where(eq(discountCodes.id, existing.id)).returning();
        const uses = await codeUses(tx, [row!.id], now);
        return toDiscountCode(row!, uses.get(row!.id));
      }
      const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(discountCodes).where(eq(discountCodes.storeId, store.id));
      if (total >= DISCOUNT_LIMITS.codesPerStore) throw new AppError('failed-precondition', DISCOUNT_MESSAGES.tooManyCodes);
      const [row] = await tx
        .insert(discountCodes)
        .values({ id: newId('dsc'), storeId: store.id, currency: store.currency, createdAt: now, ...values })
        .returning();
      return toDiscountCode(row!);
    } catch (error) {
      if (isUniqueViolation(error, 'discount_codes_store_code_idx')) throw new AppError('already-exists', DISCOUNT_MESSAGES.codeExists);
      throw error;
    }
  });
}

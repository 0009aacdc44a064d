import type { DiscountCode } from '@shopfront/core';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { discountCodes } from '#src/db/schema/index.ts';
import { codeUses, toDiscountCode } from './discount-query.ts';

/** listDiscountCodes: the caller has checked that the store is theirs. */
export async function listDiscountCodes(db: Executor, storeId: string, now: Date): Promise<DiscountCode[]> {
  const rows = await db.select().from(discountCodes).where(eq(discountCodes.storeId, storeId)).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
  const uses = await codeUses(db, rows.map((row) => row.id), now);
  return rows.map((row) => toDiscountCode(row, uses.get(row.id)));
}

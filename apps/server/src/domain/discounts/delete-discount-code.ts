import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { discountCodes } from '#src/db/schema/index.ts';
import { discountNotFound } from './discount-query.ts';

/** deleteDiscountCode: the code stops applying at once; orders keep the price they paid. */
export async function deleteDiscountCode(db: Executor, options: { storeId: string; discountId: string }): Promise<void> {
  const deleted = await db
    .delete(discountCodes)
    .where(and(eq(discountCodes.id, options.discountId), eq(discountCodes.storeId, options.storeId)))
    .returning({ id: discountCodes.id });
  if (deleted.length === 0) throw discountNotFound();
}

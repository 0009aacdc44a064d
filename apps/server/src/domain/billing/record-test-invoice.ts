import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { testInvoices } from '#src/db/schema/index.ts';

/** The test provider's invoice for one charge (paid or failed); the billing page lists them. */
export async function recordTestInvoice(
  db: Executor,
  options: { userId: string; planId: string; interval: string; amountCents: number; status: 'paid' | 'open'; now: Date },
): Promise<string> {
  const id = newId('tin');
  await db.insert(testInvoices).values({
    id,
    userId: options.userId,
    number: `TEST-${options.now.toISOString().slice(0, 10).replaceAll('-', '')}-${id.slice(-6).toUpperCase()}`,
    planId: options.planId,
    interval: options.interval,
    amountCents: options.amountCents,
    status: options.status,
    createdAt: options.now,
  });
  return id;
}

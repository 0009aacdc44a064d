import { AppError, UPSELL_MESSAGES, type ThankYouUpsell } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { checkoutUpsells } from '#src/db/schema/index.ts';
import { downsellStep } from './offer-steps.ts';
import { upsellView } from './upsell-view.ts';

/** declineUpsell: "No thanks" is kept, so the thank-you page does not offer it again. Repeats change nothing. */
export async function declineUpsell(deps: { db: Database; now: Date }, input: { checkoutId: string }): Promise<ThankYouUpsell> {
  await deps.db
    .update(checkoutUpsells)
    .set({ status: 'declined', decidedAt: deps.now })
    .where(and(eq(checkoutUpsells.checkoutId, input.checkoutId), eq(checkoutUpsells.status, 'offered')));
  const view = await upsellView(deps.db, input.checkoutId, deps.now);
  if (!view) throw new AppError('not-found', UPSELL_MESSAGES.offerNotFound);
  return view;
}

/** declineDownsell: "No thanks" to the offer made instead ends the funnel. Only after the upsell was declined; repeats change nothing. */
export async function declineDownsell(deps: { db: Database; now: Date }, input: { checkoutId: string }): Promise<ThankYouUpsell> {
  const [row] = await deps.db.select().from(checkoutUpsells).where(eq(checkoutUpsells.checkoutId, input.checkoutId));
  if (!row || !downsellStep.read(row)) throw new AppError('not-found', UPSELL_MESSAGES.offerNotFound);
  const notYet = downsellStep.notYet(row);
  if (notYet) throw notYet;
  await deps.db
    .update(checkoutUpsells)
    .set(downsellStep.decided({ status: 'declined' }, deps.now))
    .where(and(eq(checkoutUpsells.checkoutId, input.checkoutId), eq(checkoutUpsells.status, 'declined'), eq(checkoutUpsells.downsellStatus, 'offered')));
  const view = await upsellView(deps.db, input.checkoutId, deps.now);
  if (!view) throw new AppError('not-found', UPSELL_MESSAGES.offerNotFound);
  return view;
}

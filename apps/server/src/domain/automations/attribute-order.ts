// Exports attributeOrder (an order's automation email, decided at payment) and AUTOMATION_ATTRIBUTION_WINDOW_MS.
import { and, desc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { automationOrderAttributions, automationStepEmails, emailCampaignRecipients } from '#src/db/schema/index.ts';

/** An order counts toward an automation email when paid within 7 days of a click on it. */
export const AUTOMATION_ATTRIBUTION_WINDOW_MS = 7 * 24 * 60 * 60_000;

/**
 * In the order's transaction: the automation email of this store its buyer clicked last (by the
 * time of its first click) in the 7 days up to the payment gets the order — last touch, one step,
 * once (the order is the key). Opens are not touches: image proxies open mail nobody read. A free
 * order brings no revenue and is not attributed. The step's revenue is read from the order, so
 * refunds subtract without coming back here.
 */
export async function attributeOrder(tx: Executor, order: { storeId: string; orderId: string; customerId: string; amountCents: number; now: Date }): Promise<void> {
  if (order.amountCents <= 0) return;
  const r = emailCampaignRecipients;
  const since = new Date(order.now.getTime() - AUTOMATION_ATTRIBUTION_WINDOW_MS);
  const [touch] = await tx
    .select({ recipientId: r.id, clickedAt: r.clickedAt, automationId: automationStepEmails.automationId, stepId: automationStepEmails.stepId })
    .from(r)
    .innerJoin(automationStepEmails, eq(automationStepEmails.campaignId, r.campaignId))
    .where(and(eq(r.customerId, order.customerId), eq(r.storeId, order.storeId), isNotNull(r.automationRunId), isNotNull(r.clickedAt), gte(r.clickedAt, since), lte(r.clickedAt, order.now)))
    .orderBy(desc(r.clickedAt), desc(r.id))
    .limit(1);
  if (!touch?.clickedAt) return;
  await tx
    .insert(automationOrderAttributions)
    .values({ orderId: order.orderId, storeId: order.storeId, automationId: touch.automationId, stepId: touch.stepId, recipientId: touch.recipientId, clickedAt: touch.clickedAt, createdAt: order.now })
    .onConflictDoNothing();
}

import type { AutomationStepStats } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { automationOrderAttributions, automationRuns, automationStepEmails, automationStepRuns, emailCampaignRecipients, orders } from '#src/db/schema/index.ts';

/**
 * Per step: entered (runs that reached it), waiting (active runs at it now), and for email steps
 * sent, opened and clicked, counted over every content version of the step, and the revenue of
 * the orders attributed to it (paid within 7 days of a click, less refunds).
 */
export async function automationStats(db: Executor, options: { automationId: string; stepIds: readonly string[] }): Promise<AutomationStepStats[]> {
  const { automationId } = options;
  const entered = await db
    .select({ stepId: automationStepRuns.stepId, n: sql<number>`count(*)::int` })
    .from(automationStepRuns)
    .where(eq(automationStepRuns.automationId, automationId))
    .groupBy(automationStepRuns.stepId);
  const waiting = await db
    .select({ stepId: automationRuns.stepId, n: sql<number>`count(*)::int` })
    .from(automationRuns)
    .where(and(eq(automationRuns.automationId, automationId), eq(automationRuns.status, 'active')))
    .groupBy(automationRuns.stepId);
  const r = emailCampaignRecipients;
  const emails = await db
    .select({
      stepId: automationStepEmails.stepId,
      sent: sql<number>`(count(*) filter (where ${r.status} = 'sent'))::int`,
      opened: sql<number>`count(${r.openedAt})::int`,
      clicked: sql<number>`count(${r.clickedAt})::int`,
    })
    .from(automationStepEmails)
    .innerJoin(r, eq(r.campaignId, automationStepEmails.campaignId))
    .where(eq(automationStepEmails.automationId, automationId))
    .groupBy(automationStepEmails.stepId);
  // Attributed at payment (attribute-order.ts); the amount less refunds is read from each order now.
  const revenue = await db
    .select({ stepId: automationOrderAttributions.stepId, n: sql<number>`coalesce(sum(${orders.amountCents} - ${orders.refundedCents}), 0)::int` })
    .from(automationOrderAttributions)
    .innerJoin(orders, eq(orders.id, automationOrderAttributions.orderId))
    .where(eq(automationOrderAttributions.automationId, automationId))
    .groupBy(automationOrderAttributions.stepId);
  const by = <T extends { stepId: string | null }>(rows: T[]) => new Map(rows.map((row) => [row.stepId, row]));
  const [e, w, m, v] = [by(entered), by(waiting), by(emails), by(revenue)];
  return options.stepIds.map((stepId) => ({
    stepId,
    entered: e.get(stepId)?.n ?? 0,
    waiting: w.get(stepId)?.n ?? 0,
    sent: m.get(stepId)?.sent ?? 0,
    opened: m.get(stepId)?.opened ?? 0,
    clicked: m.get(stepId)?.clicked ?? 0,
    revenue: v.get(stepId)?.n ?? 0,
  }));
}

import type { AutomationStepStats } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { automationRuns, automationStepEmails, automationStepRuns, emailCampaignRecipients } from '#src/db/schema/index.ts';

/**
 * Per step: entered (runs that reached it), waiting (active runs at it now), and for email steps
 * sent, opened and clicked, counted over every content version of the step.
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
  const by = <T extends { stepId: string | null }>(rows: T[]) => new Map(rows.map((row) => [row.stepId, row]));
  const [e, w, m] = [by(entered), by(waiting), by(emails)];
  return options.stepIds.map((stepId) => ({
    stepId,
    entered: e.get(stepId)?.n ?? 0,
    waiting: w.get(stepId)?.n ?? 0,
    sent: m.get(stepId)?.sent ?? 0,
    opened: m.get(stepId)?.opened ?? 0,
    clicked: m.get(stepId)?.clicked ?? 0,
  }));
}

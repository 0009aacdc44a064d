// Exports the steps that read or change the contact (applyTagStep, branchHolds).
import { COMMERCE_LIMITS, type AutomationStep, type BranchCondition } from '@shopfront/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { automationStepRuns, customers, emailCampaignRecipients, orderGrants, orders } from '#src/db/schema/index.ts';
import { cleanTags } from '#src/domain/customers/customer-query.ts';
import type { RunState } from './run-state.ts';
import { startRuns } from './start-runs.ts';

/**
 * Adds or removes a tag on the contact. A tag the contact did not have starts the store's
 * `tag-added` automations (keyed by this run and step, so a step run twice starts them once). A
 * contact at the tag limit keeps their tags.
 */
export async function applyTagStep(tx: Executor, state: RunState, step: Extract<AutomationStep, { type: 'add-tag' | 'remove-tag' }>, now: Date): Promise<string> {
  const has = state.contact.tags.some((tag) => tag.toLowerCase() === step.tag.toLowerCase());
  if (step.type === 'remove-tag') {
    if (!has) return 'unchanged';
    const tags = state.contact.tags.filter((tag) => tag.toLowerCase() !== step.tag.toLowerCase());
    await tx.update(customers).set({ tags, updatedAt: now }).where(eq(customers.id, state.contact.id));
    return 'removed';
  }
  if (has) return 'unchanged';
  if (state.contact.tags.length >= COMMERCE_LIMITS.tagsMax) return 'tag-limit';
  await tx.update(customers).set({ tags: cleanTags([...state.contact.tags, step.tag]), updatedAt: now }).where(eq(customers.id, state.contact.id));
  await startRuns(tx, {
    storeId: state.run.storeId,
    customerId: state.contact.id,
    kind: 'tag-added',
    key: `tag:${step.tag.toLowerCase()}:${state.run.id}:${step.id}`,
    tag: step.tag,
    clock: state.run.clock,
  });
  return 'added';
}

/** Whether a branch's condition holds for the contact now. */
export async function branchHolds(tx: Executor, state: RunState, condition: BranchCondition, stepIndex: number): Promise<boolean> {
  switch (condition.kind) {
    case 'has-tag':
      return state.contact.tags.some((tag) => tag.toLowerCase() === condition.tag.toLowerCase());
    case 'bought': {
      // A paid order granting the product (bundles included), as segments count buying.
      const product = condition.productId === null ? sql`` : sql` and g.product_id = ${condition.productId}`;
      const result = await tx.execute(sql`
        select 1 from ${orders} o join ${orderGrants} g on g.order_id = o.id
        where o.customer_id = ${state.contact.id} and o.store_id = ${state.run.storeId} and o.status = 'paid'${product}
        limit 1`);
      return result.rows.length > 0;
    }
    case 'opened-previous':
      return openedPreviousEmail(tx, state, stepIndex);
  }
}

/** The run's last email before this step was opened (false when it sent none). */
async function openedPreviousEmail(tx: Executor, state: RunState, stepIndex: number): Promise<boolean> {
  const earlier = new Set(state.automation.steps.slice(0, stepIndex).filter((step) => step.type === 'email').map((step) => step.id));
  const sent = await tx
    .select({ stepId: automationStepRuns.stepId, openedAt: emailCampaignRecipients.openedAt })
    .from(automationStepRuns)
    .innerJoin(emailCampaignRecipients, eq(emailCampaignRecipients.id, automationStepRuns.recipientId))
    .where(and(eq(automationStepRuns.runId, state.run.id), eq(emailCampaignRecipients.status, 'sent')))
    .orderBy(desc(emailCampaignRecipients.sentAt));
  const last = sent.find((row) => earlier.has(row.stepId));
  return last?.openedAt != null;
}

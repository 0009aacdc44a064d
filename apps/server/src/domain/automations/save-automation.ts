// Exports createAutomation and updateAutomation: the creator's writes of an automation's definition.
import { AppError, AUTOMATION_LIMITS, AUTOMATION_MESSAGES, PRODUCT_MESSAGES, type Automation, type AutomationStep, type AutomationTemplate, type AutomationTrigger } from '@shopfront/core';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { automations, products, stores } from '#src/db/schema/index.ts';
import { assertCampaignProducts } from '#src/domain/email/campaigns/assert-campaign-products.ts';
import { sanitizeDescription } from '#src/domain/products/sanitize-description.ts';
import { getAutomationOfStore, toAutomation } from './automation-query.ts';
import { automationTemplate } from './automation-templates.ts';
import { assertSignupFormOfStore } from './signup-forms.ts';

export type CreateAutomationInput = { name: string; trigger: AutomationTrigger } | { template: AutomationTemplate; name?: string | undefined };

/** A new draft, from scratch (no steps yet) or from a template; at most AUTOMATION_LIMITS.automationsPerStore per store. */
export async function createAutomation(db: Database, options: { storeId: string; input: CreateAutomationInput; now: Date }): Promise<Automation> {
  const { storeId, input, now } = options;
  const from = 'template' in input ? automationTemplate(input.template) : { name: input.name, trigger: input.trigger, steps: [] };
  const name = input.name ?? from.name;
  return db.transaction(async (tx) => {
    // The store row lock serialises creations, so two at once cannot both pass the limit.
    await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('update');
    const [existing] = await tx.select({ n: count() }).from(automations).where(eq(automations.storeId, storeId));
    if ((existing?.n ?? 0) >= AUTOMATION_LIMITS.automationsPerStore) throw new AppError('resource-exhausted', AUTOMATION_MESSAGES.tooManyAutomations);
    await assertProductsOfStore(tx, storeId, from.trigger, from.steps);
    await assertSignupFormOfStore(tx, storeId, from.trigger);
    const [row] = await tx
      .insert(automations)
      .values({ id: newId('aut'), storeId, name, status: 'draft', triggerKind: from.trigger.kind, trigger: from.trigger, steps: from.steps, createdAt: now, updatedAt: now })
      .returning();
    return toAutomation(row!);
  });
}

/**
 * Replaces name, trigger and steps. Text blocks are stored sanitised; every product named (trigger,
 * branch, product card) must be the store's. A live automation must stay sendable (see `assertSendable`).
 * Runs keep their step ids, so a contact stays at its step and gets the new content.
 */
export async function updateAutomation(
  db: Database,
  options: { storeId: string; automationId: string; name: string; trigger: AutomationTrigger; steps: AutomationStep[]; now: Date },
): Promise<Automation> {
  const steps = options.steps.map(sanitizeStep);
  return db.transaction(async (tx) => {
    const current = await getAutomationOfStore(tx, { storeId: options.storeId, automationId: options.automationId, lock: true });
    await assertProductsOfStore(tx, options.storeId, options.trigger, steps);
    await assertSignupFormOfStore(tx, options.storeId, options.trigger);
    if (current.status === 'live') assertSendable(steps);
    const [row] = await tx
      .update(automations)
      .set({ name: options.name, trigger: options.trigger, triggerKind: options.trigger.kind, steps, updatedAt: options.now })
      .where(eq(automations.id, current.id))
      .returning();
    return toAutomation(row!);
  });
}

/** What going (or staying) live needs: a step, and a subject and a block in every email. */
export function assertSendable(steps: readonly AutomationStep[]): void {
  if (steps.length === 0) throw new AppError('failed-precondition', AUTOMATION_MESSAGES.noSteps);
  if (steps.some((step) => step.type === 'email' && (!step.subject || step.body.length === 0))) {
    throw new AppError('failed-precondition', AUTOMATION_MESSAGES.emailIncomplete);
  }
}

function sanitizeStep(step: AutomationStep): AutomationStep {
  if (step.type !== 'email') return step;
  return { ...step, body: step.body.map((block) => (block.type === 'text' ? { ...block, html: sanitizeDescription(block.html) } : block)) };
}

async function assertProductsOfStore(tx: Executor, storeId: string, trigger: AutomationTrigger, steps: readonly AutomationStep[]): Promise<void> {
  const ids = new Set<string>();
  if ('productId' in trigger && trigger.productId) ids.add(trigger.productId);
  for (const step of steps) {
    if (step.type === 'branch' && step.condition.kind === 'bought' && step.condition.productId) ids.add(step.condition.productId);
    if (step.type === 'email') await assertCampaignProducts(tx, { storeId, body: step.body });
  }
  if (ids.size === 0) return;
  const found = await tx.select({ id: products.id, type: products.type }).from(products).where(and(eq(products.storeId, storeId), inArray(products.id, [...ids])));
  if (found.length !== ids.size) throw new AppError('not-found', PRODUCT_MESSAGES.productNotFound);
  // A membership trigger on another kind of product would never fire: refused rather than kept silent.
  if (trigger.kind.startsWith('membership-') && 'productId' in trigger && trigger.productId && found.find((product) => product.id === trigger.productId)?.type !== 'membership') {
    const message = AUTOMATION_MESSAGES.membershipTriggerProduct;
    throw new AppError('invalid-argument', message, { formErrors: [], fieldErrors: { 'trigger.productId': [message] } });
  }
}

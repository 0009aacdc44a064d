import type { AutomationTrigger, AutomationTriggerKind } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { automationRuns, automations, customers, type AutomationRunClock } from '#src/db/schema/index.ts';
import { enqueueStep } from './enqueue-step.ts';

/** Where a contact joined the audience from (a `joined` trigger may ask for one). */
export type JoinSource = 'signup-form' | 'lead-magnet' | 'checkout' | 'other';

/** Something that happened to one contact of one store, which may start automations. */
export interface TriggerEvent {
  storeId: string;
  customerId: string;
  kind: AutomationTriggerKind;
  /**
   * The event's identity for this contact: a run is started at most once per automation, contact
   * and key (`order:<id>`, `checkout:<id>`, `tag:<tag>:<time>`, `membership:<id>:…`; `joined` once ever).
   */
  key: string;
  /** The products of the order or checkout; the membership's product. */
  productIds?: readonly string[];
  source?: JoinSource;
  /** The website signup form (its block key) a `signup-form` join came through, when known. */
  form?: string;
  tag?: string;
  /** The abandoned checkout (paying it ends the run). */
  checkoutId?: string;
  /** The abandoned-checkout delay this look-again was scheduled for: only automations with that delay start. */
  delayMinutes?: number;
  /** `test` when the event is a test-mode object's: the run's waits follow the store's test clock. */
  clock?: AutomationRunClock;
}

/**
 * Starts the store's live automations whose trigger matches the event, in the caller's
 * transaction: one run each, unless this contact already has a run of that automation for this
 * event key (the unique index makes a repeat of the event a no-op, on any server). Each new run's
 * first step is queued at once. Answers the ids of the runs started.
 */
export async function startRuns(tx: Executor, event: TriggerEvent): Promise<string[]> {
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, event.customerId), eq(customers.storeId, event.storeId)));
  // A contact of another store never enters this store's automations.
  if (!customer) return [];
  const live = await tx
    .select({ id: automations.id, trigger: automations.trigger, steps: automations.steps })
    .from(automations)
    .where(and(eq(automations.storeId, event.storeId), eq(automations.triggerKind, event.kind), eq(automations.status, 'live')));
  const started: string[] = [];
  for (const automation of live) {
    const first = automation.steps[0];
    if (!first || !matches(automation.trigger, event)) continue;
    const clock = event.clock ?? 'real';
    const [run] = await tx
      .insert(automationRuns)
      .values({
        id: newId('arn'),
        automationId: automation.id,
        storeId: event.storeId,
        customerId: event.customerId,
        triggerKey: event.key,
        clock,
        stepId: first.id,
        stepIndex: 0,
        checkoutId: event.checkoutId ?? null,
      })
      .onConflictDoNothing({ target: [automationRuns.automationId, automationRuns.customerId, automationRuns.triggerKey] })
      .returning({ id: automationRuns.id });
    if (!run) continue;
    await enqueueStep(tx, { id: run.id, storeId: event.storeId, clock }, { stepId: first.id, stepIndex: 0 });
    started.push(run.id);
  }
  return started;
}

function matches(trigger: AutomationTrigger, event: TriggerEvent): boolean {
  const hasProduct = (productId: string | null) => productId === null || (event.productIds ?? []).includes(productId);
  switch (trigger.kind) {
    case 'joined':
      if (trigger.source === 'any') return true;
      // Automations saved before forms could be named have no `form`: any signup form.
      if (trigger.source === 'signup-form') return event.source === 'signup-form' && (!trigger.form || trigger.form === event.form);
      return event.source === 'lead-magnet' && hasProduct(trigger.productId);
    case 'purchased':
      return hasProduct(trigger.productId);
    case 'tag-added':
      return event.tag !== undefined && event.tag.toLowerCase() === trigger.tag.toLowerCase();
    case 'abandoned-checkout':
      return trigger.delayMinutes === event.delayMinutes && hasProduct(trigger.productId);
    case 'membership-started':
    case 'membership-cancelled':
    case 'membership-payment-failed':
      return hasProduct(trigger.productId);
  }
}

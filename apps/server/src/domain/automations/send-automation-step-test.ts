import { AppError, AUTOMATION_MESSAGES } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import type { StoreRow } from '#src/db/schema/index.ts';
import { sendCreatorTestEmail } from '#src/domain/email/campaigns/send-creator-test-email.ts';
import { automationNotFound, getAutomationOfStore } from './automation-query.ts';

interface StepTestOptions {
  store: StoreRow;
  automationId: string;
  stepId: string;
  /** The signed-in creator's own address: a test never goes anywhere else. */
  to: string;
  platformFrom: string;
  publicUrl: string;
  now: Date;
}

/**
 * Sends the saved email step once to the creator under the campaigns' test-send rules (see
 * sendCreatorTestEmail), counted per automation. A step that is not an email of this automation is
 * not found; one without a subject or body is refused before it counts against the limit.
 */
export async function sendAutomationStepTest(db: Database, options: StepTestOptions): Promise<{ sentTo: string }> {
  const { automationId, stepId, ...rest } = options;
  const automation = await getAutomationOfStore(db, { storeId: options.store.id, automationId });
  const step = automation.steps.find((candidate) => candidate.id === stepId);
  if (step?.type !== 'email') throw automationNotFound();
  if (!step.subject.trim() || step.body.length === 0) throw new AppError('failed-precondition', AUTOMATION_MESSAGES.testStepIncomplete);
  return sendCreatorTestEmail(db, { ...rest, limitId: automation.id, fields: step });
}

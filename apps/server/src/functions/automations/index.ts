import type { HandlerRegistry } from '../types.ts';
import { createAutomation } from './create-automation.ts';
import { deleteAutomation } from './delete-automation.ts';
import { getAutomation } from './get-automation.ts';
import { listAutomations } from './list-automations.ts';
import { listSignupForms } from './list-signup-forms.ts';
import { sendAutomationStepTest } from './send-automation-step-test.ts';
import { setAutomationStatus } from './set-automation-status.ts';
import { updateAutomation } from './update-automation.ts';

/** Email automations (decision 044); ../index.ts spreads them into the registry. */
export const automationHandlers = {
  listAutomations,
  getAutomation,
  createAutomation,
  updateAutomation,
  setAutomationStatus,
  deleteAutomation,
  sendAutomationStepTest,
  listSignupForms,
} satisfies Partial<HandlerRegistry>;

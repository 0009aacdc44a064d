import { AutomationNameSchema, AutomationStepsSchema, AutomationTriggerSchema, type Automation, type AutomationStep, type AutomationStepType } from '@shopfront/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { AutomationDefinition } from '../api/automations-api.ts';

/** The editor saves what updateAutomation takes: the contract's own name, trigger and steps schemas. */
export const AutomationFormSchema = z.object({ name: AutomationNameSchema, trigger: AutomationTriggerSchema, steps: AutomationStepsSchema });
export const automationFormResolver = zodResolver(AutomationFormSchema) as unknown as Resolver<AutomationDefinition>;

export function automationToForm(automation: Automation): AutomationDefinition {
  return { name: automation.name, trigger: automation.trigger, steps: automation.steps };
}

export const STEP_LABELS: Record<AutomationStepType, string> = {
  wait: 'Wait',
  email: 'Email',
  'add-tag': 'Add a tag',
  'remove-tag': 'Remove a tag',
  branch: 'Branch',
  end: 'End',
};
export const STEP_TYPES = Object.keys(STEP_LABELS) as AutomationStepType[];

/** A step id the schema accepts (letters, digits, - and _), unique within one automation. */
export function newStepId(): string {
  return `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** A new step of `type` with its usual choices; required text is left for the creator. */
export function newStep(type: AutomationStepType, id = newStepId()): AutomationStep {
  switch (type) {
    case 'wait':
      return { id, type, wait: { mode: 'duration', amount: 1, unit: 'days' } };
    case 'email':
      return { id, type, subject: '', previewText: '', body: [] };
    case 'add-tag':
    case 'remove-tag':
      return { id, type, tag: '' };
    case 'branch':
      return { id, type, condition: { kind: 'opened-previous' }, elseStepId: null };
    case 'end':
      return { id, type };
  }
}

export function insertStep(steps: readonly AutomationStep[], at: number, step: AutomationStep): AutomationStep[] {
  return [...steps.slice(0, at), step, ...steps.slice(at)];
}

/**
 * Removes a step. A branch that jumped to it now jumps to the step that takes its place (or ends
 * when none does), as the server moves on a contact waiting at a removed step.
 */
export function removeStep(steps: readonly AutomationStep[], index: number): AutomationStep[] {
  const removed = steps[index];
  if (!removed) return [...steps];
  const successor = steps[index + 1]?.id ?? null;
  return steps
    .filter((_, i) => i !== index)
    .map((step) => (step.type === 'branch' && step.elseStepId === removed.id ? { ...step, elseStepId: successor } : step));
}

/** Moves the step at `from` by ±1, or answers the same list at an edge. */
export function moveStep(steps: readonly AutomationStep[], from: number, by: -1 | 1): AutomationStep[] {
  const to = from + by;
  if (to < 0 || to >= steps.length) return [...steps];
  const next = [...steps];
  const [step] = next.splice(from, 1);
  next.splice(to, 0, step as AutomationStep);
  return next;
}

/** Emails that cannot go live yet (no subject or no block), by their step number. */
export function incompleteEmails(steps: readonly AutomationStep[]): number[] {
  return steps.flatMap((step, index) => (step.type === 'email' && (!step.subject.trim() || step.body.length === 0) ? [index + 1] : []));
}

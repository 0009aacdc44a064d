import type { AutomationStep, AutomationWait, BranchCondition } from '@shopfront/core';
import { minutesInWords } from './trigger-words.ts';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export function waitInWords(wait: AutomationWait): string {
  if (wait.mode === 'duration') return `Wait ${minutesInWords(wait.amount * { minutes: 1, hours: 60, days: 24 * 60 }[wait.unit])}`;
  return `Wait until ${WEEKDAYS[wait.weekday] ?? 'the day'} at ${wait.time} (${wait.zone === 'contact' ? 'the contact’s time zone' : 'your store’s time'})`;
}

export function conditionInWords(condition: BranchCondition, titles: ReadonlyMap<string, string>): string {
  switch (condition.kind) {
    case 'bought':
      return `If they bought ${condition.productId ? (titles.get(condition.productId) ?? 'a product that no longer exists') : 'anything'}`;
    case 'has-tag':
      return `If they have the tag “${condition.tag}”`;
    case 'opened-previous':
      return 'If they opened the previous email';
  }
}

/** One line saying what a step does, for its card and for the branch targets that name it. */
export function stepInWords(step: AutomationStep, titles: ReadonlyMap<string, string>): string {
  switch (step.type) {
    case 'wait':
      return waitInWords(step.wait);
    case 'email':
      return step.subject.trim() ? `Email “${step.subject.trim()}”` : 'Email (no subject yet)';
    case 'add-tag':
      return step.tag.trim() ? `Add the tag “${step.tag.trim()}”` : 'Add a tag';
    case 'remove-tag':
      return step.tag.trim() ? `Remove the tag “${step.tag.trim()}”` : 'Remove a tag';
    case 'branch':
      return conditionInWords(step.condition, titles);
    case 'end':
      return 'End';
  }
}

import type { AutomationStep } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { incompleteEmails, moveStep, removeStep } from './automation-form.ts';
import { minutesInWords, triggerInWords } from './trigger-words.ts';

const steps: AutomationStep[] = [
  { id: 'a', type: 'branch', condition: { kind: 'opened-previous' }, elseStepId: 'c' },
  { id: 'b', type: 'email', subject: 'Hi', previewText: '', body: [] },
  { id: 'c', type: 'wait', wait: { mode: 'duration', amount: 1, unit: 'days' } },
  { id: 'd', type: 'end' },
];

describe('the step list’s edits', () => {
  it('points a branch at the step that takes a removed target’s place, or ends when none does', () => {
    expect(removeStep(steps, 2).map((step) => (step.type === 'branch' ? step.elseStepId : step.id))).toEqual(['d', 'b', 'd']);
    const lastTarget = removeStep(removeStep(steps, 2), 2);
    expect(lastTarget[0]).toMatchObject({ type: 'branch', elseStepId: null });
  });

  it('moves a step one place and answers the same list at an edge', () => {
    expect(moveStep(steps, 1, -1).map((step) => step.id)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveStep(steps, 3, 1).map((step) => step.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('names the emails that cannot go live by their step number', () => {
    expect(incompleteEmails(steps)).toEqual([2]);
  });
});

describe('triggers in words', () => {
  const titles = new Map([['prd_1', 'Ebook']]);
  it('says what starts the automation', () => {
    expect(triggerInWords({ kind: 'purchased', productId: 'prd_1' }, titles)).toBe('When someone buys Ebook');
    expect(triggerInWords({ kind: 'purchased', productId: null }, titles)).toBe('When someone buys any product');
    expect(triggerInWords({ kind: 'joined', source: 'lead-magnet', productId: 'prd_1' }, titles)).toBe('When someone gets Ebook');
    expect(triggerInWords({ kind: 'abandoned-checkout', productId: 'prd_1', delayMinutes: 60 }, titles)).toBe('When someone leaves a checkout for Ebook unpaid for 1 hour');
  });
  it('writes delays in the largest whole unit', () => {
    expect([minutesInWords(15), minutesInWords(60), minutesInWords(90), minutesInWords(2880)]).toEqual(['15 minutes', '1 hour', '90 minutes', '2 days']);
  });
});

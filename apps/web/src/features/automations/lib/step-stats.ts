import type { AutomationStepStats } from '@shopfront/core';

/**
 * A step's numbers as getAutomation answers them. `revenue` (minor units of the store currency,
 * attributed within 7 days of a click) may be missing from a server that does not count it yet.
 */
export type StepNumbers = Omit<AutomationStepStats, 'revenue'> & { revenue?: number | null };

export function statsByStep(stats: readonly AutomationStepStats[]): ReadonlyMap<string, StepNumbers> {
  return new Map(stats.map((stat) => [stat.stepId, stat as StepNumbers]));
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** "12%" of `of`, or null when there is nothing to divide by. */
export function percentOf(n: number, of: number): string | null {
  return of > 0 ? `${Math.round((n / of) * 100)}%` : null;
}

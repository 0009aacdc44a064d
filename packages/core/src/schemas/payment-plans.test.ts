import { describe, expect, it } from 'vitest';
import { PAYMENT_PLAN_MESSAGES as M, paymentPlanIssue, paymentPlanText, planInstalmentAmount, planSchedule } from './payment-plans.ts';

const download = { type: 'digital', priceMode: 'fixed', priceCents: 29_700, planInstalments: 3 as number | null, planInstalmentCents: null as number | null };

describe('payment plan rules', () => {
  it('derives the instalment as the price divided by N, rounded up to the minor unit', () => {
    expect(planInstalmentAmount({ priceCents: 29_700, planInstalmentCents: null }, 3)).toBe(9900);
    expect(planInstalmentAmount({ priceCents: 10_000, planInstalmentCents: null }, 3)).toBe(3334);
    expect(planInstalmentAmount({ priceCents: 10_000, planInstalmentCents: 3500 }, 3)).toBe(3500);
  });

  it('takes 2 to 12 instalments of a fixed-price download or course', () => {
    expect(paymentPlanIssue({ ...download, planInstalments: 1 })?.message).toBe(M.tooFewInstalments);
    expect(paymentPlanIssue({ ...download, planInstalments: 2 })).toBeNull();
    expect(paymentPlanIssue({ ...download, planInstalments: 12 })).toBeNull();
    expect(paymentPlanIssue({ ...download, planInstalments: 13 })?.message).toBe(M.tooManyInstalments);
    expect(paymentPlanIssue({ ...download, type: 'course' })).toBeNull();
    expect(paymentPlanIssue({ ...download, type: 'call' })?.message).toBe(M.wrongType);
    expect(paymentPlanIssue({ ...download, priceMode: 'pay-what-you-want' })?.message).toBe(M.notFixedPrice);
    expect(paymentPlanIssue({ ...download, planInstalments: null })).toBeNull();
    expect(paymentPlanIssue({ ...download, planInstalments: null, planInstalmentCents: 500 })).toEqual({ path: 'planInstalments', message: M.amountWithoutPlan });
  });

  it('bounds the instalment between 0.50 and the price, adding up to at least the price', () => {
    expect(paymentPlanIssue({ ...download, priceCents: 100, planInstalments: 2, planInstalmentCents: 49 })?.message).toBe(M.instalmentTooLow);
    expect(paymentPlanIssue({ ...download, priceCents: 100, planInstalments: 2, planInstalmentCents: 50 })).toBeNull();
    expect(paymentPlanIssue({ ...download, planInstalmentCents: 29_701 })?.message).toBe(M.instalmentTooHigh);
    expect(paymentPlanIssue({ ...download, planInstalmentCents: 9899 })).toEqual({ path: 'planInstalmentCents', message: M.totalTooLow });
    expect(paymentPlanIssue({ ...download, planInstalmentCents: 9900 })).toBeNull();
  });

  it('says the plan as buyers read it', () => {
    expect(paymentPlanText(3, 9900, 'USD')).toBe('3 × $99 monthly (total $297)');
    expect(paymentPlanText(3, 3334, 'USD')).toBe('3 × $33.34 monthly (total $100.02)');
  });
});

describe('planSchedule', () => {
  const plan = { instalments: 3, paidCount: 1, status: 'active' as const, nextDueAt: '2030-01-31T12:00:00.000Z', nextAttemptAt: '2030-01-31T12:00:00.000Z' };
  const first = { instalment: 1, status: 'paid' as const, chargedAt: '2029-12-31T12:00:00.000Z' };

  it('paid, then due a calendar month apart', () => {
    expect(planSchedule({ ...plan, charges: [first] })).toEqual([
      { instalment: 1, state: 'paid', at: '2029-12-31T12:00:00.000Z' },
      { instalment: 2, state: 'due', at: '2030-01-31T12:00:00.000Z' },
      { instalment: 3, state: 'due', at: '2030-02-28T12:00:00.000Z' },
    ]);
  });

  it('a failed instalment shows its next try, or none once locked; a refunded plan is refunded and cancelled', () => {
    const failed = { instalment: 2, status: 'failed' as const, chargedAt: '2030-01-31T12:00:00.000Z' };
    expect(planSchedule({ ...plan, status: 'past_due', nextAttemptAt: '2030-02-01T12:00:00.000Z', charges: [first, failed] })[1]).toEqual({ instalment: 2, state: 'failed', at: '2030-02-01T12:00:00.000Z' });
    expect(planSchedule({ ...plan, status: 'locked', nextAttemptAt: null, charges: [first, failed] })[1]).toEqual({ instalment: 2, state: 'failed', at: null });
    expect(planSchedule({ ...plan, status: 'cancelled', nextDueAt: null, nextAttemptAt: null, charges: [{ ...first, status: 'refunded' }] }).map((line) => line.state)).toEqual(['refunded', 'cancelled', 'cancelled']);
  });
});

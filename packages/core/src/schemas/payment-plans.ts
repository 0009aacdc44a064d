// Exports the payment plan rules (decision 047): PAYMENT_PLAN_LIMITS, PAYMENT_PLAN_MESSAGES, the derived instalment, the rule check and the "3 × $99 monthly" wording.
import { formatMoney } from '../money.ts';

/** A product sold in N monthly instalments: downloads and courses only, N from 2 to 12. */
export const PAYMENT_PLAN_LIMITS = Object.freeze({
  minInstalments: 2,
  maxInstalments: 12,
  /** Stripe's smallest charge, as for product prices. */
  minInstalmentCents: 50,
  types: Object.freeze(['digital', 'course'] as const),
});

export const PAYMENT_PLAN_MESSAGES = Object.freeze({
  tooFewInstalments: 'A payment plan needs at least 2 instalments',
  tooManyInstalments: 'A payment plan has at most 12 instalments',
  wrongType: 'Payment plans are for downloads and courses',
  notFixedPrice: 'A payment plan needs a fixed price (not free or pay what you want)',
  instalmentTooLow: 'Each instalment must be at least 0.50',
  instalmentTooHigh: 'An instalment cannot be more than the price',
  totalTooLow: 'The instalments must add up to at least the price',
  amountWithoutPlan: 'Choose the number of instalments first',
  noPlan: 'This product is not sold in instalments',
  noDiscount: 'Discount codes cannot be used with a payment plan',
  noBump: 'An order bump cannot be added to a payment plan',
  notStripe: 'This plan is not billed by Stripe: change its card with "Update card"',
  planNotFound: 'Payment plan not found',
  planEnded: 'This payment plan has ended',
  downloadLocked: 'Update your card to keep downloading: a payment of your plan is overdue',
  partialRefund: 'A payment plan order is refunded whole: every paid instalment, and the remaining ones cancelled',
});

export interface PaymentPlanSetting {
  type: string;
  priceMode: string;
  priceCents: number;
  planInstalments: number | null;
  planInstalmentCents: number | null;
}

/** The instalment a plan charges: the creator's amount, or the price divided by N rounded up to the minor unit. */
export function planInstalmentAmount(product: Pick<PaymentPlanSetting, 'priceCents' | 'planInstalmentCents'>, instalments: number): number {
  return product.planInstalmentCents ?? Math.ceil(product.priceCents / instalments);
}

/** The first rule a product's plan setting breaks, with the field it belongs to; null when it is fine (or has no plan). */
export function paymentPlanIssue(product: PaymentPlanSetting): { path: 'planInstalments' | 'planInstalmentCents'; message: string } | null {
  const M = PAYMENT_PLAN_MESSAGES;
  const n = product.planInstalments;
  if (n === null) return product.planInstalmentCents === null ? null : { path: 'planInstalments', message: M.amountWithoutPlan };
  if (n < PAYMENT_PLAN_LIMITS.minInstalments) return { path: 'planInstalments', message: M.tooFewInstalments };
  if (n > PAYMENT_PLAN_LIMITS.maxInstalments) return { path: 'planInstalments', message: M.tooManyInstalments };
  if (!(PAYMENT_PLAN_LIMITS.types as readonly string[]).includes(product.type)) return { path: 'planInstalments', message: M.wrongType };
  if (product.priceMode !== 'fixed') return { path: 'planInstalments', message: M.notFixedPrice };
  const amount = planInstalmentAmount(product, n);
  if (amount < PAYMENT_PLAN_LIMITS.minInstalmentCents) return { path: 'planInstalmentCents', message: M.instalmentTooLow };
  if (amount > product.priceCents) return { path: 'planInstalmentCents', message: M.instalmentTooHigh };
  if (amount * n < product.priceCents) return { path: 'planInstalmentCents', message: M.totalTooLow };
  return null;
}

/** "3 × $99 monthly (total $297)". */
export function paymentPlanText(instalments: number, instalmentCents: number, currency: string, locale = 'en'): string {
  const money = (cents: number) => formatMoney(cents, currency, { locale, trimWhole: true });
  return `${instalments} × ${money(instalmentCents)} monthly (total ${money(instalments * instalmentCents)})`;
}

/** A plan's states: paying, an instalment failed (access until the grace ends), locked, paid in full, refunded. */
export const PAYMENT_PLAN_STATUS_VALUES = ['active', 'past_due', 'locked', 'completed', 'cancelled'] as const;

export interface PlanScheduleInput {
  instalments: number;
  paidCount: number;
  status: (typeof PAYMENT_PLAN_STATUS_VALUES)[number];
  nextDueAt: string | null;
  nextAttemptAt: string | null;
  charges: { instalment: number; status: 'paid' | 'failed' | 'refunded'; chargedAt: string }[];
}

export type PlanScheduleLine = { instalment: number } & (
  | { state: 'paid' | 'refunded'; at: string }
  /** Failed: `at` is the next try, null when the plan is locked (the buyer must update the card). */
  | { state: 'failed'; at: string | null }
  | { state: 'due'; at: string | null }
  | { state: 'cancelled' }
);

/** One month on by calendar month (UTC), as the server's addInterval: 31 January + 1 is 28/29 February. */
function addMonths(iso: string, months: number): string {
  const at = new Date(iso);
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, lastDay));
  return at.toISOString();
}

/** Each instalment of a plan and where it stands, for the Sales page and the members area. */
export function planSchedule(plan: PlanScheduleInput): PlanScheduleLine[] {
  return Array.from({ length: plan.instalments }, (_, index): PlanScheduleLine => {
    const instalment = index + 1;
    const done = plan.charges.find((charge) => charge.instalment === instalment && charge.status !== 'failed');
    if (done) return { instalment, state: done.status === 'refunded' ? 'refunded' : 'paid', at: done.chargedAt };
    if (plan.status === 'cancelled') return { instalment, state: 'cancelled' };
    const next = instalment === plan.paidCount + 1;
    if (next && (plan.status === 'past_due' || plan.status === 'locked')) return { instalment, state: 'failed', at: plan.nextAttemptAt };
    return { instalment, state: 'due', at: plan.nextDueAt ? addMonths(plan.nextDueAt, instalment - plan.paidCount - 1) : null };
  });
}

import { PRODUCT_LIMITS } from './schemas/product.ts';

/** Spec §6/§9 plans: store limits, prices, what each gives and the platform fee, in one place. */
export const PLAN_IDS = ['free', 'side-hustle', 'creator', 'boss'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const DEFAULT_PLAN: PlanId = 'free';

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** The plans a creator can subscribe to (free is what an account has without a subscription). */
export const PAID_PLAN_IDS = ['side-hustle', 'creator', 'boss'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export interface PlanDefinition {
  id: PlanId;
  name: string;
  storeLimit: number;
  /** Default prices in USD cents; an admin's change (plan_prices) applies to new subscriptions. */
  monthlyCents: number;
  yearlyCents: number;
  /** Percent of each sale the platform keeps (a Stripe Connect application fee). */
  platformFeePercent: number;
  /** What the billing page lists: only what the server enforces (the store limit, the fee). */
  features: readonly string[];
}

/** Every plan has the same product limit per store. */
const PRODUCTS_FEATURE = `Up to ${PRODUCT_LIMITS.productsPerStore} products per store`;

/** Yearly is ten months' price: two months free. */
const yearly = (monthlyCents: number) => monthlyCents * 10;

export const PLANS: Readonly<Record<PlanId, PlanDefinition>> = Object.freeze({
  free: {
    id: 'free',
    name: 'Free',
    storeLimit: 1,
    monthlyCents: 0,
    yearlyCents: 0,
    platformFeePercent: 5,
    features: ['1 store', PRODUCTS_FEATURE, '5% platform fee per sale'],
  },
  'side-hustle': {
    id: 'side-hustle',
    name: 'Side Hustle',
    storeLimit: 1,
    monthlyCents: 900,
    yearlyCents: yearly(900),
    platformFeePercent: 0,
    features: ['1 store', PRODUCTS_FEATURE, 'No platform fee'],
  },
  creator: {
    id: 'creator',
    name: 'Creator',
    storeLimit: 3,
    monthlyCents: 2900,
    yearlyCents: yearly(2900),
    platformFeePercent: 0,
    features: ['3 stores', PRODUCTS_FEATURE, 'No platform fee'],
  },
  boss: {
    id: 'boss',
    name: 'Boss',
    storeLimit: 10,
    monthlyCents: 9900,
    yearlyCents: yearly(9900),
    platformFeePercent: 0,
    features: ['10 stores', PRODUCTS_FEATURE, 'No platform fee'],
  },
});

export const PLAN_STORE_LIMITS: Readonly<Record<PlanId, number>> = Object.freeze({
  free: PLANS.free.storeLimit,
  'side-hustle': PLANS['side-hustle'].storeLimit,
  creator: PLANS.creator.storeLimit,
  boss: PLANS.boss.storeLimit,
});

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function isPaidPlanId(value: unknown): value is PaidPlanId {
  return typeof value === 'string' && (PAID_PLAN_IDS as readonly string[]).includes(value);
}

/** An unknown or missing plan counts as the default plan (spec §6 "default free"). */
export function planFor(planId: string | null | undefined): PlanDefinition {
  return PLANS[isPlanId(planId) ? planId : DEFAULT_PLAN];
}

/** An unknown or missing plan counts as the default plan (spec §6 "default free"). */
export function storeLimitForPlan(planId: string | null | undefined): number {
  return planFor(planId).storeLimit;
}

export function platformFeePercentForPlan(planId: string | null | undefined): number {
  return planFor(planId).platformFeePercent;
}

/** The smallest plan whose store limit allows `storeCount` stores; null when none does. */
export function smallestPlanFor(storeCount: number): PlanId | null {
  return PLAN_IDS.find((id) => PLAN_STORE_LIMITS[id] >= storeCount) ?? null;
}

export function canCreateStore(planId: string | null | undefined, currentStoreCount: number): boolean {
  if (!Number.isInteger(currentStoreCount) || currentStoreCount < 0) return false;
  return currentStoreCount < storeLimitForPlan(planId);
}

/** Days a subscription keeps its plan after a failed payment before it drops to free. */
export const BILLING_GRACE_DAYS = 7;

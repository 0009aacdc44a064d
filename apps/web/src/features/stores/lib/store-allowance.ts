import { DEFAULT_PLAN, isPlanId, PLAN_IDS, PLAN_STORE_LIMITS, storeLimitForPlan, type PlanId } from '@shopfront/core';

export interface StoreAllowance {
  /** The creator may not create another store: the form is not worth filling in. */
  atLimit: boolean;
  limit: number;
  plan: PlanId;
  /** The smallest plan whose limit allows one more store; null when none does (or multiStore is off). */
  upgradeTo: PlanId | null;
  /** `platform`: the multiStore flag is off, one store per creator whatever the plan. */
  limitedBy: 'plan' | 'platform';
}

/**
 * The store limit as the server applies it (domain/stores/create-store.ts): the plan's limit from
 * core, or one store whatever the plan while the `multiStore` flag is off.
 */
export function storeAllowance(options: { planId: string | null | undefined; storeCount: number; multiStore: boolean }): StoreAllowance {
  const plan = isPlanId(options.planId) ? options.planId : DEFAULT_PLAN;
  const limit = options.multiStore ? storeLimitForPlan(plan) : 1;
  const atLimit = options.storeCount >= limit;
  const upgradeTo = atLimit && options.multiStore ? (PLAN_IDS.find((id) => PLAN_STORE_LIMITS[id] > options.storeCount) ?? null) : null;
  return { atLimit, limit, plan, upgradeTo, limitedBy: options.multiStore ? 'plan' : 'platform' };
}

/** `side-hustle` → `Side Hustle`. */
export function planName(plan: PlanId): string {
  return plan
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

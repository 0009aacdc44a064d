import { describe, expect, it } from 'vitest';
import { signupsOpen } from './maintenance.ts';
import { canCreateStore, DEFAULT_PLAN, PLAN_IDS, PLAN_STORE_LIMITS, storeLimitForPlan } from './plans.ts';

describe('plans (spec §6/§9)', () => {
  it('lists the plans and their store limits', () => {
    expect(PLAN_IDS).toEqual(['free', 'side-hustle', 'creator', 'boss']);
    expect(PLAN_STORE_LIMITS).toEqual({ free: 1, 'side-hustle': 1, creator: 3, boss: 10 });
    expect(DEFAULT_PLAN).toBe('free');
  });

  it.each([
    ['free', 1],
    ['side-hustle', 1],
    ['creator', 3],
    ['boss', 10],
    ['enterprise', 1],
    ['', 1],
    ['constructor', 1],
    [null, 1],
    [undefined, 1],
  ])('plan %j allows %i stores', (plan, limit) => {
    expect(storeLimitForPlan(plan)).toBe(limit);
  });

  it.each([
    ['free', 0, true],
    ['free', 1, false],
    ['side-hustle', 1, false],
    ['creator', 2, true],
    ['creator', 3, false],
    ['boss', 9, true],
    ['boss', 10, false],
    ['boss', 11, false],
    [undefined, 0, true],
    ['mystery', 1, false],
    ['boss', -1, false],
    ['boss', 1.5, false],
    ['boss', Number.NaN, false],
  ])('plan %j with %d stores can create one more: %s', (plan, count, allowed) => {
    expect(canCreateStore(plan, count)).toBe(allowed);
  });
});

describe('signupsOpen (spec §4: only if not in maintenance and allowSignups)', () => {
  it.each([
    [{ maintenanceMode: false, allowSignups: true }, true],
    [{ maintenanceMode: true, allowSignups: true }, false],
    [{ maintenanceMode: false, allowSignups: false }, false],
    [{ maintenanceMode: true, allowSignups: false }, false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (state, open) => {
    expect(signupsOpen(state)).toBe(open);
  });
});

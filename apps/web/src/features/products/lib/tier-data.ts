import type { MembershipTier } from '@shopfront/core';

/** A tier as listMembershipTiers answers one, for tests: Supporter at $5 a month. */
export function testMembershipTier(overrides: Partial<MembershipTier> = {}): MembershipTier {
  return {
    id: 'mtr_1',
    productId: 'prd_club',
    name: 'Supporter',
    description: '',
    benefits: [],
    monthlyPriceCents: 500,
    yearlyPriceCents: null,
    currency: 'USD',
    trialDays: 0,
    setupFeeCents: 0,
    memberLimit: null,
    pausable: false,
    maxPauseDays: null,
    position: 0,
    archivedAt: null,
    memberCount: 0,
    courses: [],
    files: [],
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

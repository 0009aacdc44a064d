import type { MyMembership } from '@shopfront/core';

/** A membership as listMyMemberships answers one, for tests. */
export function testMyMembership(overrides: Partial<MyMembership> = {}): MyMembership {
  return {
    id: 'mbr_1',
    productId: 'prd_club',
    tier: { id: 'mtr_1', name: 'Supporter' },
    status: 'active',
    interval: 'monthly',
    priceCents: 900,
    currency: 'USD',
    currentPeriodEnd: '2030-03-05T10:00:00.000Z',
    trialEnd: null,
    cancelAtPeriodEnd: false,
    cancelReason: null,
    pausable: false,
    maxPauseDays: null,
    timeZone: 'UTC',
    productSlug: 'studio-club',
    pausedAt: null,
    pausedUntil: null,
    otherTiers: [],
    accessUntil: '2030-03-06T10:00:00.000Z',
    nextCharge: { at: '2030-03-05T10:00:00.000Z', amountCents: 900 },
    provider: 'test',
    pendingRequest: null,
    invoices: [{ id: 'min_1', kind: 'period', status: 'paid', amountCents: 900, currency: 'USD', periodStart: '2030-02-05T10:00:00.000Z', periodEnd: '2030-03-05T10:00:00.000Z', createdAt: '2030-02-05T10:00:00.000Z' }],
    ...overrides,
  };
}

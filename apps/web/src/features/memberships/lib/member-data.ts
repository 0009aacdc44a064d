import type { Member } from '@shopfront/core';

/** A member as listMembers answers one, for tests. */
export function testMember(overrides: Partial<Member> = {}): Member {
  return {
    id: 'mbr_1',
    customer: { id: 'cus_1', email: 'ana@example.com', name: 'Ana' },
    tier: { id: 'mtr_1', name: 'Supporter' },
    status: 'active',
    cancelAtPeriodEnd: false,
    interval: 'monthly',
    priceCents: 900,
    currency: 'USD',
    since: '2030-01-05T10:00:00.000Z',
    periodEnd: '2030-03-05T10:00:00.000Z',
    pausedAt: null,
    lastCharge: { at: '2030-02-05T10:00:00.000Z', amountCents: 900, refunded: false },
    lifetimeValueCents: 1800,
    nextCharge: { at: '2030-03-05T10:00:00.000Z', amountCents: 900 },
    endedAt: null,
    provider: 'test',
    subscriptionId: 'tsub_1',
    ...overrides,
  };
}

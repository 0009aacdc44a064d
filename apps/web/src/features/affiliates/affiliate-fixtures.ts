import type { AffiliateCommission, AffiliatePayout, AffiliateProgram, AffiliateSummary } from '@shopfront/core';

export function testProgram(overrides: Partial<AffiliateProgram> = {}): AffiliateProgram {
  return {
    storeId: 'store_1',
    enabled: true,
    commissionPercent: 20,
    windowDays: 30,
    holdingDays: 14,
    joinMode: 'open',
    currency: 'USD',
    products: [
      { productId: 'prod_1', title: 'Mug care guide', commissionPercent: null },
      { productId: 'prod_2', title: 'Glaze recipes', commissionPercent: 35 },
    ],
    testClock: { available: false, offsetDays: 0 },
    ...overrides,
  };
}

export function testAffiliate(overrides: Partial<AffiliateSummary> = {}): AffiliateSummary {
  return {
    id: 'aff_1',
    customerId: 'cus_1',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    code: 'GRACE234',
    status: 'active',
    invited: false,
    createdAt: '2026-10-01T10:00:00.000Z',
    stats: { visits: 1200, signups: 14, sales: 9, revenueCents: 11250 },
    currency: 'USD',
    owedCents: 2250,
    payableCents: 1250,
    paidCents: 500,
    ...overrides,
  };
}

export function testCommission(overrides: Partial<AffiliateCommission> = {}): AffiliateCommission {
  return {
    id: 'afc_1',
    affiliateId: 'aff_1',
    affiliateName: 'Grace Hopper',
    orderId: 'ord_1',
    productTitle: 'Mug care guide',
    currency: 'USD',
    baseCents: 2500,
    amountCents: 500,
    reversedCents: 0,
    netCents: 500,
    status: 'payable',
    testMode: false,
    holdUntil: '2026-11-15T10:00:00.000Z',
    payoutId: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function testPayout(overrides: Partial<AffiliatePayout> = {}): AffiliatePayout {
  return {
    id: 'afp_1',
    affiliateId: 'aff_1',
    affiliateName: 'Grace Hopper',
    amountCents: 500,
    currency: 'USD',
    commissionCount: 2,
    method: 'manual',
    note: 'Wise transfer 42',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

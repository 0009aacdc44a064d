import type { AppModeResult, CustomerAccount, Purchase, StoreKey } from '@shopfront/core';
import { renderMode, resolutionFor } from '#src/testing/render-mode.tsx';
import { createRoutes } from './routes.tsx';


export const STORE_REF = { storeId: 's1', slug: 'cozy-mugs', name: 'Cozy Mugs', customDomain: null, isBioDomain: false };
export const PLATFORM: AppModeResult = resolutionFor('members', { storeId: 's1', slug: 'cozy-mugs', basePath: '/cozy-mugs/members' });
export const CUSTOM: AppModeResult = resolutionFor('members', { storeId: 's1', slug: 'cozy-mugs', customDomain: 'cozymugs.example', basePath: '/members' });
export const SLUG_KEY: StoreKey = { by: 'slug', slug: 'cozy-mugs' };
export const DOMAIN_KEY: StoreKey = { by: 'customDomain', domain: 'cozymugs.example' };

export const TEST_MEMBER: CustomerAccount = { id: 'cus_1', storeId: 's1', name: 'Grace Hopper', email: 'grace@example.com' };

export function testPurchase(overrides: Partial<Omit<Purchase, 'product'>> & { product?: Partial<Purchase['product']> } = {}): Purchase {
  const { product, ...rest } = overrides;
  return {
    orderId: 'ord_1',
    status: 'paid',
    createdAt: '2026-03-04T12:00:00.000Z',
    amountCents: 1_900,
    currency: 'USD',
    files: [{ id: 'f1', name: 'glazes.pdf', sizeBytes: 2_621_440, url: '/api/downloads/file/tok-1' }],
    ...rest,
    product: { id: 'p1', title: 'Glaze recipes', type: 'digital', coverImageUrl: null, externalUrl: null, ...product },
  };
}

/** Mounts the members mode (platform domain by default) at `path`. */
export function renderMembers(path: string, { resolution = PLATFORM, storeKey = SLUG_KEY }: { resolution?: AppModeResult; storeKey?: StoreKey } = {}) {
  return renderMode({ routes: createRoutes(), path, resolution, storeKey, host: resolution.customDomain ?? 'shopfront.test' });
}

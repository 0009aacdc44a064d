import type { Store, User } from '@shopfront/core';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderMode, resolutionFor, testQueryClient } from './render-mode.tsx';
import { SESSION_QUERY_KEY } from '../lib/session-query-key.ts';

export const TEST_CREATOR: User = {
  uid: 'u1',
  email: 'ada@example.com',
  displayName: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'creator',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  hasStore: true,
  isActive: true,
  isAdmin: false,
  storeCount: 1,
  activeStoreId: 'store_1',
  storeId: 'store_1',
  photoURL: null,
  emailVerified: true,
  mfaEnabled: false,
  subscription: { planId: 'free' },
};

/** A creator who has signed up but has no store yet. */
export const TEST_NEW_CREATOR: User = { ...TEST_CREATOR, hasStore: false, storeCount: 0, activeStoreId: null, storeId: null };

export function testStore(overrides: Partial<Store> = {}): Store {
  return {
    id: 'store_1',
    slug: 'cozy-mugs',
    creatorId: 'u1',
    tenantId: 'tenant_1',
    name: 'Cozy Mugs',
    description: 'Hand-thrown mugs.',
    avatarUrl: null,
    socialLinks: [],
    links: [],
    theme: 'mocha-mood',
    themeOverrides: { colors: {} },
    productLayout: { order: [], hidden: [] },
    domain: 'shopfront.test/cozy-mugs',
    customDomain: null,
    primaryColor: null,
    backgroundColor: null,
    publishedAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * Renders dashboard UI for a signed-in creator at `path` (default /dashboard/x; a `?query` is
 * kept). `queryClient`: one with answers already cached, so the first render shows them and a
 * test needs no wait for a fetch.
 */
export function renderForCreator(
  element: ReactNode,
  { path = '/dashboard/x', user = TEST_CREATOR, queryClient = testQueryClient() }: { path?: string; user?: User; queryClient?: QueryClient } = {},
) {
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
  const routes = [
    { path: path.split('?')[0], element },
    { path: '*', element: <h1>Elsewhere</h1> },
  ];
  return renderMode({ routes, path, resolution: resolutionFor('dashboard'), queryClient });
}

import type { StoreKey, StoreRef } from '@shopfront/core';
import { describe, expect, it, vi } from 'vitest';
import { storeQueryKey } from '../features/stores/index.ts';
import { testQueryClient, TEST_CONFIG } from '../testing/render-mode.tsx';
import { resolvePage } from './resolve-mode.ts';

const store: StoreRef = { storeId: 's1', slug: 'cozy-mugs', name: 'Cozy Mugs', customDomain: null, isBioDomain: false };
const slugKey: StoreKey = { by: 'slug', slug: 'cozy-mugs' };

describe('resolvePage', () => {
  it('resolves a store slug to storefront and seeds the store query', async () => {
    const queryClient = testQueryClient();
    const find = vi.fn(async () => store);
    const page = await resolvePage({ host: 'shopfront.test', path: '/cozy-mugs', config: TEST_CONFIG }, queryClient, find);
    expect(page.resolution).toMatchObject({ mode: 'storefront', storeId: 's1', basePath: '/cozy-mugs' });
    expect(page.storeKey).toEqual(slugKey);
    expect(queryClient.getQueryData(storeQueryKey(slugKey))).toEqual(store);
    expect(page.store).toEqual(store);
  });

  it('hands back an offline store, so start() shows the offline screen instead of the mode', async () => {
    const offline = { ...store, offline: true };
    const page = await resolvePage({ host: 'shopfront.test', path: '/cozy-mugs/members', config: TEST_CONFIG }, testQueryClient(), async () => offline);
    expect(page.resolution.mode).toBe('members');
    expect(page.store).toEqual(offline);
  });

  it('falls back to dashboard for an unknown slug and keeps the planned key', async () => {
    const page = await resolvePage({ host: 'shopfront.test', path: '/no-such-store', config: TEST_CONFIG }, testQueryClient(), async () => null);
    expect(page.resolution.mode).toBe('dashboard');
    expect(page.storeKey).toEqual({ by: 'slug', slug: 'no-such-store' });
  });

  it('gives dashboard when the lookup fails (spec §8)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = await resolvePage({ host: 'shopfront.test', path: '/cozy-mugs', config: TEST_CONFIG }, testQueryClient(), async () => {
      throw new Error('offline');
    });
    expect(page.resolution.mode).toBe('dashboard');
  });

  it('asks for no store on the landing page', async () => {
    const find = vi.fn(async () => store);
    const page = await resolvePage({ host: 'shopfront.test', path: '/', config: TEST_CONFIG }, testQueryClient(), find);
    expect(page.resolution.mode).toBe('landing');
    expect(find).not.toHaveBeenCalled();
  });
});

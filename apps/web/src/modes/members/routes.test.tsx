import type { AppModeResult, StoreKey } from '@shopfront/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMode, resolutionFor, stubFunctions } from '#src/testing/render-mode.tsx';
import { createRoutes } from './routes.tsx';

const store = { storeId: 's1', slug: 'cozy-mugs', name: 'Cozy Mugs', customDomain: null, isBioDomain: false };
const platform: AppModeResult = resolutionFor('members', { storeId: 's1', slug: 'cozy-mugs', basePath: '/cozy-mugs/members' });
const custom: AppModeResult = resolutionFor('members', { storeId: 's1', slug: 'cozy-mugs', customDomain: 'cozymugs.example', basePath: '/members' });

afterEach(() => vi.unstubAllGlobals());

function renderMembers(path: string, resolution: AppModeResult, key: StoreKey) {
  vi.stubGlobal('fetch', stubFunctions({ lookupStore: () => ({ body: { result: store } }), getCustomerSession: () => ({ body: { result: { customer: null } } }) }).fetchStub);
  const host = resolution.customDomain ?? 'shopfront.test';
  return renderMode({ routes: createRoutes(), path, resolution, storeKey: key, host });
}

const slugKey: StoreKey = { by: 'slug', slug: 'cozy-mugs' };
const domainKey: StoreKey = { by: 'customDomain', domain: 'cozymugs.example' };

describe('members mode (spec §2)', () => {
  it.each([
    ['platform domain', '/cozy-mugs/members/orders?page=2', platform, slugKey, '/cozy-mugs/members/login'],
    ['custom domain', '/members/orders?page=2', custom, domainKey, '/members/login'],
  ] as const)('sends an unauthenticated customer to the members login with the origin (%s)', async (_label, path, resolution, key, login) => {
    const { router } = renderMembers(path, resolution, key);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(login);
    expect(new URLSearchParams(router.state.location.search).get('origin')).toBe('/orders?page=2');
  });

  it('protects /members itself', async () => {
    const { router } = renderMembers('/cozy-mugs/members', platform, slugKey);
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.search).toBe('?origin=%2F');
  });

  it('links login and signup to each other and back to the store (platform domain)', async () => {
    renderMembers('/cozy-mugs/members/login', platform, slugKey);
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/cozy-mugs/members/signup');
    expect(screen.getByRole('link', { name: /back to cozy mugs/i })).toHaveAttribute('href', '/cozy-mugs');
  });

  it('links signup back to login and to the store root on a custom domain', async () => {
    renderMembers('/members/signup', custom, domainKey);
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/members/login');
    expect(screen.getByRole('link', { name: /back to cozy mugs/i })).toHaveAttribute('href', '/');
  });
});

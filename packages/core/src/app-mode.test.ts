import { describe, expect, it, vi } from 'vitest';
import { planAppMode, resolveAppMode, type AppModeResult, type ModePlan, type StoreKey } from './app-mode.ts';
import type { StoreRef } from './functions/system.ts';

const PRODUCT = ['shopfront.example', 'app.shopfront.example'];
const plan = (host: string, path: string): ModePlan => planAppMode({ host, path, productHosts: PRODUCT });

const none: ModePlan = { mode: 'dashboard', storeKey: null };
const slugKey = (slug: string): StoreKey => ({ by: 'slug', slug });
const customKey = (domain: string): StoreKey => ({ by: 'customDomain', domain });
const bioKey = (fullDomain: string): StoreKey => ({ by: 'bioDomain', fullDomain });

describe('planAppMode: one row per bullet of spec §2 "App mode selection"', () => {
  it.each<[string, string, string, ModePlan]>([
    // On a local host or a product host: path / gives landing.
    ['/ on a product host is landing', 'shopfront.example', '/', { mode: 'landing', storeKey: null }],
    ['/ on a local host is landing', 'localhost:3000', '/', { mode: 'landing', storeKey: null }],
    // Paths starting /dashboard, /login, /signup, /dev-preview/ and /debug give dashboard.
    ['/dashboard', 'shopfront.example', '/dashboard/products', none],
    ['/login', 'localhost', '/login', none],
    ['/signup', 'shopfront.example', '/signup', none],
    ['/password-reset', 'shopfront.example', '/password-reset', none],
    ['/dev-preview/', 'localhost', '/dev-preview/abc', none],
    ['/debug', 'localhost', '/debug', none],
    // On the product host, /website/... gives landing.
    ['/website/... on the product host', 'shopfront.example', '/website/cool-shop/about', { mode: 'landing', storeKey: null }],
    // /{slug}/website gives the store's website.
    ['/{slug}/website', 'shopfront.example', '/cool-shop/website', { mode: 'website', storeKey: slugKey('cool-shop') }],
    // /{slug}/members, or any path containing /members, gives members.
    ['/{slug}/members', 'shopfront.example', '/cool-shop/members', { mode: 'members', storeKey: slugKey('cool-shop') }],
    ['a path containing /members', 'shopfront.example', '/cool-shop/x/members/login', { mode: 'members', storeKey: slugKey('cool-shop') }],
    // Any other /{slug} gives storefront.
    ['/{slug}', 'shopfront.example', '/cool-shop', { mode: 'storefront', storeKey: slugKey('cool-shop') }],
    // Any other path gives dashboard.
    ['a path that is no slug', 'shopfront.example', '/not_a_slug', none],
    // Custom domain: a subdomain host (three or more parts, not www) is a bio domain and gives storefront…
    ['a bio subdomain', 'ada.bio.example', '/', { mode: 'storefront', storeKey: bioKey('ada.bio.example') }],
    // …a path starting /members gives members.
    ['/members on a bio subdomain', 'ada.bio.example', '/members/login', { mode: 'members', storeKey: bioKey('ada.bio.example') }],
    // A two-part host, or a www host with www stripped, gives website…
    ['a two-part custom domain', 'adamakes.com', '/about', { mode: 'website', storeKey: customKey('adamakes.com') }],
    ['a www custom domain', 'www.adamakes.com', '/', { mode: 'website', storeKey: customKey('adamakes.com') }],
    // …a path starting /members gives members.
    ['/members on a custom domain', 'www.adamakes.com', '/members', { mode: 'members', storeKey: customKey('adamakes.com') }],
  ])('%s', (_label, host, path, expected) => {
    expect(plan(host, path)).toEqual(expected);
  });
});

describe('planAppMode: edge cases', () => {
  it.each<[string, string, ModePlan]>([
    ['SHOPFRONT.EXAMPLE:8443', '/Cool-Shop/', { mode: 'storefront', storeKey: slugKey('cool-shop') }],
    ['app.shopfront.example', '/cool-shop', { mode: 'storefront', storeKey: slugKey('cool-shop') }],
    ['127.0.0.1:5173', '/cool-shop/website/about', { mode: 'website', storeKey: slugKey('cool-shop') }],
    ['[::1]:3000', '/', { mode: 'landing', storeKey: null }],
    ['::1', '/cool-shop', { mode: 'storefront', storeKey: slugKey('cool-shop') }],
    ['0.0.0.0', '/website', { mode: 'landing', storeKey: null }],
    ['localhost', '/website/cool-shop', { mode: 'landing', storeKey: null }],
    ['192.168.1.20:3000', '/cool-shop', { mode: 'storefront', storeKey: slugKey('cool-shop') }],
    ['web', '/', { mode: 'landing', storeKey: null }],
    ['shopfront.example.', '/', { mode: 'landing', storeKey: null }],
    ['localhost', '', { mode: 'landing', storeKey: null }],
    ['localhost', '//', { mode: 'landing', storeKey: null }],
    ['localhost', '/?ref=abc', { mode: 'landing', storeKey: null }],
    ['localhost', '/cool-shop?preview=true', { mode: 'storefront', storeKey: slugKey('cool-shop') }],
    ['localhost', '/cool-shop#top', { mode: 'storefront', storeKey: slugKey('cool-shop') }],
    ['localhost', '/cool-shop/members/orders/42', { mode: 'members', storeKey: slugKey('cool-shop') }],
    ['localhost', '/cool-shop/membership', { mode: 'storefront', storeKey: slugKey('cool-shop') }],
    ['localhost', '/cool-shop/website/members', { mode: 'website', storeKey: slugKey('cool-shop') }],
    ['localhost', '/dashboards', { mode: 'storefront', storeKey: slugKey('dashboards') }],
    ['localhost', '/DASHBOARD', none],
    ['localhost', '/dev-preview', none],
    ['localhost', '/api', none],
    ['localhost', '/api/x', none],
    ['localhost', '/assets/index-abc.js', none],
    ['localhost', '/fn/lookupStore', none],
    ['localhost', '/favicon.ico', none],
    ['localhost', '/robots.txt', none],
    ['localhost', '/members/login', none],
    ['localhost', '/a', none],
    ['localhost', `/${'a'.repeat(51)}`, none],
    ['localhost', `/${'a'.repeat(50)}`, { mode: 'storefront', storeKey: slugKey('a'.repeat(50)) }],
    ['localhost', '/my%2Dshop', { mode: 'storefront', storeKey: slugKey('my-shop') }],
    ['localhost', '/%E0%A4%A', none],
    ['localhost', '/%D0%B0pple', none],
    ['ADA.Bio.Example:443', '/Members', { mode: 'members', storeKey: bioKey('ada.bio.example') }],
    ['ada.bio.example', '/shop/members', { mode: 'storefront', storeKey: bioKey('ada.bio.example') }],
    ['www.shop.adamakes.com', '/', { mode: 'website', storeKey: customKey('shop.adamakes.com') }],
    ['AdaMakes.com:8080', '/members/orders', { mode: 'members', storeKey: customKey('adamakes.com') }],
  ])('%s %s', (host, path, expected) => {
    expect(plan(host, path)).toEqual(expected);
  });
});

const store = (overrides: Partial<StoreRef> = {}): StoreRef => ({
  storeId: 'store_1',
  slug: 'cool-shop',
  name: 'Cool Shop',
  customDomain: null,
  isBioDomain: false,
  ...overrides,
});

const noStore = (mode = 'dashboard'): AppModeResult => ({
  mode: mode as AppModeResult['mode'],
  storeId: null,
  slug: null,
  customDomain: null,
  isBioDomain: false,
  basePath: '',
});

describe('resolveAppMode (spec §2: every store mode needs a store)', () => {
  const resolve = (host: string, path: string, found: Record<string, StoreRef>) => {
    const findStore = vi.fn(async (key: StoreKey) => found[JSON.stringify(key)] ?? null);
    return { findStore, result: resolveAppMode({ host, path, productHosts: PRODUCT }, findStore) };
  };
  const k = (key: StoreKey) => JSON.stringify(key);

  it.each<[string, string, string, Record<string, StoreRef>, AppModeResult]>([
    ['landing needs no store', 'shopfront.example', '/', {}, noStore('landing')],
    ['dashboard needs no store', 'localhost', '/dashboard', {}, noStore('dashboard')],
    [
      'storefront on the product host',
      'shopfront.example',
      '/Cool-Shop/anything',
      { [k(slugKey('cool-shop'))]: store() },
      { mode: 'storefront', storeId: 'store_1', slug: 'cool-shop', customDomain: null, isBioDomain: false, basePath: '/Cool-Shop' },
    ],
    [
      'website on the product host',
      'shopfront.example',
      '/cool-shop/website/about',
      { [k(slugKey('cool-shop'))]: store() },
      { mode: 'website', storeId: 'store_1', slug: 'cool-shop', customDomain: null, isBioDomain: false, basePath: '/cool-shop/website' },
    ],
    [
      'members on the product host',
      'localhost:3000',
      '/cool-shop/members/login',
      { [k(slugKey('cool-shop'))]: store() },
      { mode: 'members', storeId: 'store_1', slug: 'cool-shop', customDomain: null, isBioDomain: false, basePath: '/cool-shop/members' },
    ],
    [
      'storefront on a bio domain',
      'ada.bio.example',
      '/',
      { [k(bioKey('ada.bio.example'))]: store({ slug: 'ada' }) },
      { mode: 'storefront', storeId: 'store_1', slug: 'ada', customDomain: 'ada.bio.example', isBioDomain: true, basePath: '' },
    ],
    [
      'members on a bio domain',
      'ada.bio.example',
      '/members/login',
      { [k(bioKey('ada.bio.example'))]: store({ slug: 'ada' }) },
      { mode: 'members', storeId: 'store_1', slug: 'ada', customDomain: 'ada.bio.example', isBioDomain: true, basePath: '/members' },
    ],
    [
      'website on a www custom domain',
      'www.adamakes.com',
      '/about',
      { [k(customKey('adamakes.com'))]: store() },
      { mode: 'website', storeId: 'store_1', slug: 'cool-shop', customDomain: 'adamakes.com', isBioDomain: false, basePath: '' },
    ],
    [
      'members on a custom domain',
      'adamakes.com',
      '/members',
      { [k(customKey('adamakes.com'))]: store() },
      { mode: 'members', storeId: 'store_1', slug: 'cool-shop', customDomain: 'adamakes.com', isBioDomain: false, basePath: '/members' },
    ],
    [
      'a 3-part custom domain that is no bio domain',
      'shop.adamakes.com',
      '/',
      { [k(customKey('shop.adamakes.com'))]: store() },
      { mode: 'website', storeId: 'store_1', slug: 'cool-shop', customDomain: 'shop.adamakes.com', isBioDomain: false, basePath: '' },
    ],
  ])('%s', async (_label, host, path, found, expected) => {
    await expect(resolve(host, path, found).result).resolves.toEqual(expected);
  });

  it('does not look anything up for landing and dashboard', async () => {
    const { findStore, result } = resolve('localhost', '/login', {});
    await result;
    expect(findStore).not.toHaveBeenCalled();
  });

  it.each([
    ['an unknown slug', 'shopfront.example', '/nobody-here', slugKey('nobody-here'), 'storefront'],
    ['an unknown custom domain', 'unknown.com', '/', customKey('unknown.com'), 'website'],
    ['an unknown bio domain', 'who.bio.example', '/members', bioKey('who.bio.example'), 'members'],
  ] as const)('gives dashboard for %s (spec §2 "If no store is found")', async (_label, host, path, storeKey, mode) => {
    await expect(resolve(host, path, {}).result).resolves.toEqual({
      ...noStore('dashboard'),
      missingStore: { mode, storeKey, reason: 'not-found' },
    });
  });

  it('logs a failing lookup and gives dashboard (spec §8)', async () => {
    const failure = new Error('network down');
    const onError = vi.fn();
    const result = await resolveAppMode(
      { host: 'localhost', path: '/cool-shop', productHosts: [] },
      async () => {
        throw failure;
      },
      onError,
    );
    expect(result).toEqual({ ...noStore('dashboard'), missingStore: { mode: 'storefront', storeKey: slugKey('cool-shop'), reason: 'lookup-failed' } });
    expect(onError).toHaveBeenCalledWith(failure, slugKey('cool-shop'));
  });

  it('treats a synchronous throw like a failed lookup', async () => {
    const result = await resolveAppMode(
      { host: 'adamakes.com', path: '/', productHosts: [] },
      () => {
        throw new Error('boom');
      },
      () => {},
    );
    expect(result.mode).toBe('dashboard');
  });
});

import { describe, expect, it } from 'vitest';
import type { AppContextValue } from './app-context.tsx';
import { staysInMode, toDocumentPath } from './mode-navigation.tsx';
import { storeDocumentPath } from './store-paths.ts';

const config = { productHosts: ['shopfront.example'], environment: 'test', publicUrl: '', bioDomain: null } as const;
const ctx = (mode: AppContextValue['resolution']['mode'], basePath = '', host = 'shopfront.example'): AppContextValue => ({
  config: { ...config, productHosts: [...config.productHosts] },
  host,
  storeKey: null,
  resolution: { mode, basePath, storeId: null, slug: null, customDomain: null, isBioDomain: false },
});

describe('toDocumentPath', () => {
  it.each([
    ['', '/login', '/login'],
    ['/', '/login', '/login'],
    ['/cozy-mugs', '/', '/cozy-mugs'],
    ['/cozy-mugs', '/members/login', '/cozy-mugs/members/login'],
    ['/cozy-mugs/website', '/about', '/cozy-mugs/website/about'],
  ])('base %s + %s → %s', (base, path, expected) => {
    expect(toDocumentPath(base, path)).toBe(expected);
  });
});

describe('staysInMode (cross-mode links are full loads)', () => {
  it('keeps dashboard links inside the dashboard', () => {
    expect(staysInMode(ctx('dashboard'), '/dashboard/products')).toBe(true);
    expect(staysInMode(ctx('dashboard'), '/password-reset')).toBe(true);
  });

  it('leaves landing for /login and /signup', () => {
    expect(staysInMode(ctx('landing'), '/login?origin=%2Fdashboard')).toBe(false);
    expect(staysInMode(ctx('landing'), '/')).toBe(true);
  });

  it('leaves the storefront for its members area', () => {
    expect(staysInMode(ctx('storefront', '/cozy-mugs'), '/members/login')).toBe(false);
    expect(staysInMode(ctx('storefront', '/cozy-mugs'), '/')).toBe(true);
  });
});

describe('storeDocumentPath', () => {
  it('prefixes the slug on the product domain and not on a custom domain', () => {
    expect(storeDocumentPath({ slug: 'cozy-mugs', customDomain: null }, '/')).toBe('/cozy-mugs');
    expect(storeDocumentPath({ slug: 'cozy-mugs', customDomain: null }, '/members/login')).toBe('/cozy-mugs/members/login');
    expect(storeDocumentPath({ slug: 'cozy-mugs', customDomain: 'cozymugs.example' }, '/')).toBe('/');
  });
});

import { describe, expect, it } from 'vitest';
import { classifyUnknownPath } from './unknown-path.ts';

const PRODUCT_HOSTS = ['localhost', 'shopfront.example'];
const onProductHost = (pathname: string) => classifyUnknownPath({ host: 'shopfront.example', pathname, productHosts: PRODUCT_HOSTS });

describe('classifyUnknownPath (dashboard catch-all after no store was found)', () => {
  it.each([
    ['/no-such-store'],
    ['/no-such-store/anything/else'],
    ['/no-such-store/members/login'],
    ['/ab'],
    ['/No-Such-Store'],
  ])('%s shows Store Not Found', (path) => {
    expect(onProductHost(path)).toEqual({ kind: 'store-not-found' });
  });

  it.each([
    ['/no-such-store/website', 'no-such-store'],
    ['/no-such-store/website/about', 'no-such-store'],
  ])('%s shows Website Not Found with the slug', (path, slug) => {
    expect(onProductHost(path)).toEqual({ kind: 'website-not-found', slug });
  });

  it.each([
    ['/a', 'one character: too short for a slug'],
    [`/${'a'.repeat(51)}`, '51 characters: too long'],
    ['/dashboard/unknown-page', 'dashboard path'],
    ['/settings', 'reserved word'],
    ['/assets', 'reserved word (ours)'],
    ['/bad_slug', 'underscore'],
    ['/-lead', 'leading hyphen'],
    ['/double--hyphen', 'double hyphen'],
  ])('%s redirects to /dashboard (%s)', (path) => {
    expect(onProductHost(path)).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('takes a 50-character slug as a store path', () => {
    expect(onProductHost(`/${'a'.repeat(50)}`)).toEqual({ kind: 'store-not-found' });
  });

  it('shows Website Not Found with the domain on an unknown custom domain', () => {
    expect(classifyUnknownPath({ host: 'www.unknown-shop.example:3100', pathname: '/about', productHosts: PRODUCT_HOSTS })).toEqual({
      kind: 'website-not-found',
      slug: 'unknown-shop.example',
    });
  });
});

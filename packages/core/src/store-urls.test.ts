import { describe, expect, it } from 'vitest';
import {
  canonicalProductUrl,
  canonicalStoreUrl,
  checkoutSuccessPath,
  membersPath,
  membersUrl,
  productPath,
  productUrl,
  storeBaseUrl,
  storefrontUrl,
  storeHomePath,
  storeHostOf,
  thankYouUrl,
  websitePageUrl,
  websitePreviewUrl,
  type StoreAddress,
  type StoreUrlOptions,
} from './store-urls.ts';

const ORIGIN = 'https://shopfront.test';
const plain: StoreAddress = { slug: 'cozy-mugs', customDomain: null, bioDomain: null };
const custom: StoreAddress = { slug: 'cozy-mugs', customDomain: 'shop.example.com', bioDomain: 'cozy.bio.test' };
const bioOnly: StoreAddress = { slug: 'cozy-mugs', customDomain: null, bioDomain: 'cozy.bio.test' };

describe('store URLs by host', () => {
  it.each<[string, StoreAddress, StoreUrlOptions, { base: string; home: string; product: string; thanks: string; members: string }]>([
    ['platform, absolute', plain, { origin: ORIGIN }, {
      base: `${ORIGIN}/cozy-mugs`,
      home: `${ORIGIN}/cozy-mugs`,
      product: `${ORIGIN}/cozy-mugs/p/mug-guide`,
      thanks: `${ORIGIN}/cozy-mugs/checkout/success?checkout=c1`,
      members: `${ORIGIN}/cozy-mugs/members/signup`,
    }],
    ['platform, origin with a trailing slash', plain, { origin: `${ORIGIN}/` }, {
      base: `${ORIGIN}/cozy-mugs`,
      home: `${ORIGIN}/cozy-mugs`,
      product: `${ORIGIN}/cozy-mugs/p/mug-guide`,
      thanks: `${ORIGIN}/cozy-mugs/checkout/success?checkout=c1`,
      members: `${ORIGIN}/cozy-mugs/members/signup`,
    }],
    ['platform, relative', plain, { origin: '' }, {
      base: '/cozy-mugs',
      home: '/cozy-mugs',
      product: '/cozy-mugs/p/mug-guide',
      thanks: '/cozy-mugs/checkout/success?checkout=c1',
      members: '/cozy-mugs/members/signup',
    }],
    ['custom domain, absolute', custom, { origin: ORIGIN, on: 'custom-domain' }, {
      base: 'https://shop.example.com',
      home: 'https://shop.example.com/',
      product: 'https://shop.example.com/p/mug-guide',
      thanks: 'https://shop.example.com/checkout/success?checkout=c1',
      members: 'https://shop.example.com/members/signup',
    }],
    ['custom domain, relative', custom, { origin: '', on: 'custom-domain' }, {
      base: '',
      home: '/',
      product: '/p/mug-guide',
      thanks: '/checkout/success?checkout=c1',
      members: '/members/signup',
    }],
    ['bio subdomain, absolute', custom, { origin: ORIGIN, on: 'bio-domain' }, {
      base: 'https://cozy.bio.test',
      home: 'https://cozy.bio.test/',
      product: 'https://cozy.bio.test/p/mug-guide',
      thanks: 'https://cozy.bio.test/checkout/success?checkout=c1',
      members: 'https://cozy.bio.test/members/signup',
    }],
    ['custom domain asked for, none verified: the platform', bioOnly, { origin: ORIGIN, on: 'custom-domain' }, {
      base: `${ORIGIN}/cozy-mugs`,
      home: `${ORIGIN}/cozy-mugs`,
      product: `${ORIGIN}/cozy-mugs/p/mug-guide`,
      thanks: `${ORIGIN}/cozy-mugs/checkout/success?checkout=c1`,
      members: `${ORIGIN}/cozy-mugs/members/signup`,
    }],
  ])('%s', (_case, store, options, expected) => {
    expect({
      base: storeBaseUrl(store, options),
      home: storefrontUrl(store, options),
      product: productUrl(store, 'mug-guide', options),
      thanks: thankYouUrl(store, 'c1', options),
      members: membersUrl(store, { ...options, page: 'signup' }),
    }).toEqual(expected);
  });

  it('names the members pages', () => {
    expect(membersUrl(plain, { origin: ORIGIN })).toBe(`${ORIGIN}/cozy-mugs/members`);
    expect(membersUrl(plain, { origin: ORIGIN, page: 'login' })).toBe(`${ORIGIN}/cozy-mugs/members/login`);
  });
});

describe('paths under a base (the storefront on its current host)', () => {
  it.each([
    ['/cozy-mugs', { home: '/cozy-mugs', product: '/cozy-mugs/p/a-b', success: '/cozy-mugs/checkout/success?checkout=c%2F1', login: '/cozy-mugs/members/login' }],
    ['', { home: '/', product: '/p/a-b', success: '/checkout/success?checkout=c%2F1', login: '/members/login' }],
  ])('base %j', (base, expected) => {
    expect({
      home: storeHomePath(base),
      product: productPath(base, 'a-b'),
      success: checkoutSuccessPath(base, 'c/1'),
      login: membersPath(base, 'login'),
    }).toEqual(expected);
  });
});

describe('escaping: every path segment is encoded', () => {
  it.each([
    ['a/b', 'a%2Fb'],
    ['a?b', 'a%3Fb'],
    ['a#b', 'a%23b'],
    ['a b', 'a%20b'],
    ['café', 'caf%C3%A9'],
    ['🎉', '%F0%9F%8E%89'],
    ['..', '..'],
  ])('%j → %s', (raw, encoded) => {
    const store: StoreAddress = { slug: raw, customDomain: null, bioDomain: null };
    expect(productUrl(plain, raw, { origin: ORIGIN })).toBe(`${ORIGIN}/cozy-mugs/p/${encoded}`);
    expect(storefrontUrl(store, { origin: '' })).toBe(`/${encoded}`);
    expect(thankYouUrl(plain, raw, { origin: '' })).toBe(`/cozy-mugs/checkout/success?checkout=${encoded}`);
    expect(websitePageUrl(store, raw, { origin: '' })).toBe(`/${encoded}/website/${encoded}`);
    expect(canonicalProductUrl(custom, raw, { origin: ORIGIN })).toBe(`https://shop.example.com/p/${encoded}`);
  });
});

describe('website pages (spec §2)', () => {
  it.each([
    [null, `${ORIGIN}/cozy-mugs/website`, `${ORIGIN}/website/cozy-mugs`],
    ['home', `${ORIGIN}/cozy-mugs/website/home`, `${ORIGIN}/website/cozy-mugs/home`],
    ['about-us', `${ORIGIN}/cozy-mugs/website/about-us`, `${ORIGIN}/website/cozy-mugs/about-us`],
  ])('page %j', (pageSlug, page, preview) => {
    expect(websitePageUrl(plain, pageSlug, { origin: ORIGIN })).toBe(page);
    expect(websitePreviewUrl(plain, pageSlug, { origin: ORIGIN })).toBe(preview);
  });
});

describe('canonical URLs', () => {
  it.each([
    ['platform only', plain, `${ORIGIN}/cozy-mugs`, `${ORIGIN}/cozy-mugs/p/mug-guide`],
    ['a verified custom domain wins', custom, 'https://shop.example.com/', 'https://shop.example.com/p/mug-guide'],
    ['a bio subdomain is an alias, not canonical', bioOnly, `${ORIGIN}/cozy-mugs`, `${ORIGIN}/cozy-mugs/p/mug-guide`],
  ])('%s', (_case, store, landing, product) => {
    expect(canonicalStoreUrl(store, { origin: ORIGIN })).toBe(landing);
    expect(canonicalProductUrl(store, 'mug-guide', { origin: ORIGIN })).toBe(product);
  });
});

describe('storeHostOf (an app-mode resolution)', () => {
  it.each([
    ['platform', { slug: 'cozy-mugs', customDomain: null, isBioDomain: false }, '/cozy-mugs', '/cozy-mugs/members/login'],
    ['custom domain', { slug: 'cozy-mugs', customDomain: 'shop.example.com', isBioDomain: false }, '/', '/members/login'],
    ['bio domain', { slug: 'cozy-mugs', customDomain: 'cozy.bio.test', isBioDomain: true }, '/', '/members/login'],
    ['no store', { slug: null, customDomain: null, isBioDomain: false }, '/', '/members/login'],
  ])('%s', (_case, resolution, home, login) => {
    const { store, on } = storeHostOf(resolution);
    expect(storefrontUrl(store, { origin: '', on })).toBe(home);
    expect(membersUrl(store, { origin: '', on, page: 'login' })).toBe(login);
  });
});

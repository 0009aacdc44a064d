import { describe, expect, it } from 'vitest';
import { storefrontPageTarget } from './storefront-target.ts';
import { websitePageTarget } from './website-target.ts';

const HOSTS = ['shopfront.test', 'localhost'];
const site = (host: string, path: string) => websitePageTarget(host, path, HOSTS);

describe('websitePageTarget (spec §2 website addresses, decision 014)', () => {
  it.each([
    ['shopfront.test', '/cozy/website', 'html|slug:cozy|w:home', 'home', '/cozy/website', '/cozy'],
    ['shopfront.test', '/Cozy/website/About/', 'html|slug:cozy|w:about', 'about', '/cozy/website', '/cozy'],
    ['shopfront.test', '/cozy/website/a/b', 'html|slug:cozy|w:', null, '/cozy/website', '/cozy'],
    ['shopfront.test', '/website/cozy', 'html|site-preview:cozy|w:home', 'home', '/website/cozy', '/cozy'],
    ['shopfront.test', '/website/cozy/faq', 'html|site-preview:cozy|w:faq', 'faq', '/website/cozy', '/cozy'],
    ['mybrand.example', '/', 'html|host:mybrand.example', 'home', '', ''],
    ['www.mybrand.example', '/about', 'html|host:mybrand.example|w:about', 'about', '', ''],
  ])('%s%s', (host, path, key, pageSlug, basePath, storeBasePath) => {
    expect(site(host, path)).toMatchObject({ key, pageSlug, basePath, storeBasePath });
  });

  it('falls back to the storefront landing on a custom domain, sharing its entry for /', () => {
    expect(site('mybrand.example', '/')?.storefrontFallback).toEqual({ key: 'html|host:mybrand.example', storeKeys: [{ by: 'customDomain', domain: 'mybrand.example' }], basePath: '' });
  });

  it.each([
    ['shopfront.test', '/cozy'],
    ['shopfront.test', '/cozy/p/mug'],
    ['shopfront.test', '/website'],
    ['shopfront.test', '/dashboard'],
    ['mybrand.example', '/members/login'],
    ['mybrand.example', '/checkout/success'],
    ['mybrand.example', '/p/mug'],
    ['mybrand.example', '/sitemap.xml'],
    ['anna.bio.example', '/'],
  ])('leaves %s%s to others', (host, path) => {
    expect(site(host, path)).toBeNull();
  });

  it('gives a custom domain’s product pages, and only those, to the storefront', () => {
    expect(storefrontPageTarget('mybrand.example', '/p/mug', HOSTS)?.key).toBe('html|host:mybrand.example|p:mug');
    expect(storefrontPageTarget('mybrand.example', '/', HOSTS)).toBeNull();
    expect(storefrontPageTarget('mybrand.example', '/about', HOSTS)).toBeNull();
  });
});

import { MESSAGES, PLATFORM_CONFIG_MESSAGES } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '#src/testing/call-function.ts';
import { setFlag } from '#src/testing/stores.ts';
import { websiteFixture, type WebsiteFixture } from './website-fixtures.ts';

const M = MESSAGES.website;
type Summary = { id: string; slug: string; title: string; position: number; isHome: boolean; status: string };

describe('website pages', () => {
  let f: WebsiteFixture;
  const pagesOf = async () => ((await f.ok('listWebsitePages', {})).pages as Summary[]);

  beforeAll(async () => {
    f = await websiteFixture('site-pages');
  });
  afterAll(() => f?.t.close());

  it('refuses every creator function while the websiteBuilder flag is off; a visitor’s signup still works', async () => {
    await setFlag(f.t, 'websiteBuilder', false);
    try {
      for (const [name, data] of [
        ['listWebsitePages', {}],
        ['createWebsitePage', { title: 'About', slug: 'about' }],
        ['reorderWebsitePages', { pageIds: [] }],
      ] as const) {
        const reply = await f.call(name, data);
        expect(reply.statusCode).toBe(400);
        expect(errorOf(reply)).toMatchObject({ status: 'FAILED_PRECONDITION', message: PLATFORM_CONFIG_MESSAGES.featureDisabled });
      }
      // Decision 028: the flag switches off building, not the sites already live (their signup form included).
      expect(await f.ok('subscribeToStoreEmail', { email: 'a@example.com', consent: true })).toEqual({ subscribed: true });
    } finally {
      await setFlag(f.t, 'websiteBuilder', true);
    }
  });

  it('creates the home page on first use, once, and keeps it first', async () => {
    const [first, second] = await Promise.all([pagesOf(), pagesOf()]);
    expect(first).toEqual(second);
    expect(first).toMatchObject([{ slug: 'home', title: 'Home', isHome: true, status: 'draft', position: 0 }]);
  });

  it('adds pages at the end; a slug is canonicalised and unique, and "home" is the home page’s', async () => {
    const about = await f.createPage('About us', 'About');
    expect(about).toMatchObject({ slug: 'about', title: 'About us', isHome: false, status: 'draft', position: 1 });
    const again = await f.call('createWebsitePage', { title: 'Other', slug: 'about' });
    expect(errorOf(again)).toMatchObject({ status: 'ALREADY_EXISTS', message: M.slugTaken });
    expect(errorOf(await f.call('createWebsitePage', { title: 'Home 2', slug: 'home' })).message).toBe(M.slugReserved);
    // Another store may use the same slug.
    expect((await f.call('createWebsitePage', { storeId: f.malloryStore.id, title: 'About', slug: 'about' }, f.mallory)).statusCode).toBe(200);
  });

  it.each([
    ['a 61-character slug', { title: 'T', slug: 's'.repeat(61) }, M.slugInvalid],
    ['a slug with a double hyphen', { title: 'T', slug: 'a--b' }, M.slugInvalid],
    ['an empty title', { title: ' ', slug: 'ok' }, M.titleRequired],
    ['an 81-character title', { title: 't'.repeat(81), slug: 'ok' }, M.titleTooLong],
  ])('refuses %s', async (_name, data, message) => {
    const reply = await f.call('createWebsitePage', data);
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply).message).toBe(message);
  });

  it('accepts a 1- and a 60-character slug and an 80-character title', async () => {
    expect((await f.call('createWebsitePage', { title: 't'.repeat(80), slug: 'x' })).statusCode).toBe(200);
    expect((await f.call('createWebsitePage', { title: 'Long', slug: 'l'.repeat(60) })).statusCode).toBe(200);
  });

  it('renames a page and its slug, but never the home page’s slug', async () => {
    const page = await f.createPage('Contact', 'contact');
    const renamed = await f.ok('updateWebsitePage', { pageId: page.id, fields: { title: 'Say hi', slug: 'hello', seoTitle: 's'.repeat(70) } });
    expect(renamed).toMatchObject({ title: 'Say hi', slug: 'hello', seoTitle: 's'.repeat(70) });
    expect(errorOf(await f.call('updateWebsitePage', { pageId: page.id, fields: { slug: 'about' } })).message).toBe(M.slugTaken);
    expect(errorOf(await f.call('updateWebsitePage', { pageId: page.id, fields: { slug: 'home' } })).message).toBe(M.slugReserved);
    const home = (await pagesOf()).find((p) => p.isHome)!;
    expect(errorOf(await f.call('updateWebsitePage', { pageId: home.id, fields: { slug: 'start' } })).message).toBe(M.homeSlugFixed);
    expect((await f.call('updateWebsitePage', { pageId: home.id, fields: { title: 'Welcome' } })).statusCode).toBe(200);
    expect(errorOf(await f.call('updateWebsitePage', { pageId: page.id, fields: { seoDescription: 'd'.repeat(161) } })).message).toBe(M.seoDescriptionTooLong);
  });

  it('reorders with every page once, and refuses a stale list', async () => {
    const ids = (await pagesOf()).map((p) => p.id);
    const reversed = [...ids].reverse();
    const result = (await f.ok('reorderWebsitePages', { pageIds: reversed })).pages as Summary[];
    expect(result.map((p) => p.id)).toEqual(reversed);
    expect(result.map((p) => p.position)).toEqual(reversed.map((_, index) => index));
    expect(errorOf(await f.call('reorderWebsitePages', { pageIds: reversed.slice(1) })).message).toBe(M.reorderMismatch);
    expect(errorOf(await f.call('reorderWebsitePages', { pageIds: [...reversed, reversed[0]] })).message).toBe(M.reorderMismatch);
  });

  it('duplicates a page right after it and deletes any page but home', async () => {
    const about = (await pagesOf()).find((p) => p.slug === 'about')!;
    const copy = (await f.ok('duplicateWebsitePage', { pageId: about.id })) as unknown as Summary;
    expect(copy).toMatchObject({ slug: 'about-copy', title: 'About us copy', position: about.position + 1, status: 'draft' });
    expect(await f.ok('duplicateWebsitePage', { pageId: about.id })).toMatchObject({ slug: 'about-copy-2' });
    expect(await f.ok('deleteWebsitePage', { pageId: copy.id })).toEqual({ deleted: true });
    const pages = await pagesOf();
    expect(pages.map((p) => p.position)).toEqual(pages.map((_, index) => index));
    expect(pages.some((p) => p.id === copy.id)).toBe(false);
    const home = pages.find((p) => p.isHome)!;
    expect(errorOf(await f.call('deleteWebsitePage', { pageId: home.id }))).toMatchObject({ status: 'FAILED_PRECONDITION', message: M.homeNotDeletable });
  });

  it('holds a store to 50 pages, counting home', async () => {
    const existing = (await pagesOf()).length;
    for (let n = existing; n < 50; n += 1) await f.createPage(`Page ${n}`, `page-${n}`);
    expect(await pagesOf()).toHaveLength(50);
    const refused = await f.call('createWebsitePage', { title: 'One more', slug: 'one-more' });
    expect(errorOf(refused)).toMatchObject({ status: 'FAILED_PRECONDITION', message: M.tooManyPages });
    const some = (await pagesOf()).find((p) => !p.isHome)!;
    expect(errorOf(await f.call('duplicateWebsitePage', { pageId: some.id })).message).toBe(M.tooManyPages);
  });
});

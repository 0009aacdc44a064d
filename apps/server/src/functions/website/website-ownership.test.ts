import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, seen } from '#src/testing/call-function.ts';
import { emptyPage, missingId, websiteFixture, type WebsiteFixture } from './website-fixtures.ts';

/** SECURITY "Tenancy": another creator's store or page answers exactly like one that does not exist. */
describe('website pages of another store', () => {
  let f: WebsiteFixture;
  let page: { id: string; slug: string };
  let versionId: string;

  beforeAll(async () => {
    f = await websiteFixture('site-owner');
    page = await f.createPage('Secret', 'secret');
    await f.ok('saveWebsitePageDraft', { pageId: page.id, content: emptyPage() });
    await f.ok('publishWebsitePage', { pageId: page.id });
    versionId = ((await f.ok('listWebsitePageVersions', { pageId: page.id })).versions as { id: string }[])[0]!.id;
    await f.ok('listWebsitePages', { storeId: f.malloryStore.id }, f.mallory);
  });
  afterAll(() => f?.t.close());

  const byPage = (pageId: string): [string, Record<string, unknown>][] => [
    ['updateWebsitePage', { pageId, fields: { title: 'Mine now' } }],
    ['saveWebsitePageDraft', { pageId, content: emptyPage() }],
    ['publishWebsitePage', { pageId }],
    ['unpublishWebsitePage', { pageId }],
    ['discardWebsitePageDraft', { pageId }],
    ['duplicateWebsitePage', { pageId }],
    ['deleteWebsitePage', { pageId }],
    ['listWebsitePageVersions', { pageId }],
    ['restoreWebsitePageVersion', { pageId, versionId: missingId('pgv') }],
  ];

  it('a page id of another store, called through the caller’s own store, answers like a missing page', async () => {
    for (const [name, data] of byPage(page.id)) {
      const foreign = await f.call(name, { ...data, storeId: f.malloryStore.id }, f.mallory);
      const missing = await f.call(name, { ...byPage(missingId('page')).find(([n]) => n === name)![1], storeId: f.malloryStore.id }, f.mallory);
      expect(seen(foreign), name).toEqual(seen(missing));
      expect(foreign.statusCode, name).toBe(404);
    }
    const foreignSlug = await f.call('getWebsitePage', { storeId: f.malloryStore.id, pageSlug: 'secret' }, f.mallory);
    const missingSlug = await f.call('getWebsitePage', { storeId: f.malloryStore.id, pageSlug: 'nothing-here' }, f.mallory);
    expect(seen(foreignSlug)).toEqual(seen(missingSlug));
  });

  it('another creator’s store id answers like a store that does not exist, for every function', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['listWebsitePages', {}],
      ['getWebsitePage', { pageSlug: 'secret' }],
      ['createWebsitePage', { title: 'Mine', slug: 'mine' }],
      ['reorderWebsitePages', { pageIds: [page.id] }],
      ...byPage(page.id),
    ];
    for (const [name, data] of calls) {
      const foreign = await f.call(name, { ...data, storeId: f.store.id }, f.mallory);
      const missing = await f.call(name, { ...data, storeId: missingId('store') }, f.mallory);
      expect(seen(foreign), name).toEqual(seen(missing));
      expect(foreign.statusCode, name).toBe(404);
    }
  });

  it('a version of another page answers like a missing version; the owner’s page is untouched', async () => {
    const other = await f.createPage('Other', 'other');
    const wrongPage = await f.call('restoreWebsitePageVersion', { pageId: other.id, versionId });
    const missing = await f.call('restoreWebsitePageVersion', { pageId: other.id, versionId: missingId('pgv') });
    expect(seen(wrongPage)).toEqual(seen(missing));
    const mine = await f.ok('getWebsitePage', { pageSlug: 'secret' });
    expect(mine).toMatchObject({ title: 'Secret', status: 'published' });
  });

  it('a page of another store in the caller’s own reorder list is refused, and neither store’s order changes', async () => {
    const before = (await f.ok('listWebsitePages', {})).pages as { id: string }[];
    const own = (await f.ok('listWebsitePages', { storeId: f.malloryStore.id }, f.mallory)).pages as { id: string }[];
    const refused = await f.call('reorderWebsitePages', { storeId: f.malloryStore.id, pageIds: [page.id, ...own.map((p) => p.id)] }, f.mallory);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe('The list must name each of the website’s pages once');
    expect(((await f.ok('listWebsitePages', {})).pages as { id: string }[]).map((p) => p.id)).toEqual(before.map((p) => p.id));
    expect(((await f.ok('listWebsitePages', { storeId: f.malloryStore.id }, f.mallory)).pages as { id: string }[]).map((p) => p.id)).toEqual(own.map((p) => p.id));
  });
});

import { MESSAGES, WEBSITE_LIMITS, websiteContentBytes, websiteTextTooLong } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores, websitePages } from '#src/db/schema/index.ts';
import { errorOf } from '#src/testing/call-function.ts';
import { pageWith, richText, spacer, websiteFixture, type WebsiteFixture } from './website-fixtures.ts';

const M = MESSAGES.website;

/** Plain ASCII rich text (the sanitiser leaves it as it is) making the page exactly `bytes` long. */
function pageOfBytes(bytes: number) {
  const base = websiteContentBytes(pageWith(richText('', 'r0')));
  const chunks: unknown[] = [];
  let left = bytes - base;
  for (let index = 0; left > 0; index += 1) {
    const id = `r${index}`;
    const overhead = index === 0 ? 0 : websiteContentBytes(richText('', id)) + 1;
    const size = Math.min(WEBSITE_LIMITS.richTextMax, left - overhead);
    chunks.push(richText('a'.repeat(size), id));
    left -= size + overhead;
  }
  return pageWith(...chunks);
}

describe('website page content', () => {
  let f: WebsiteFixture;
  let page: { id: string; slug: string };
  const save = (content: unknown, pageId = page.id) => f.call('saveWebsitePageDraft', { pageId, content });
  const get = async (slug = page.slug) => f.ok('getWebsitePage', { pageSlug: slug });
  const storeVersion = async () => (await f.t.db.select({ version: stores.version }).from(stores).where(eq(stores.id, f.store.id)))[0]?.version;

  beforeAll(async () => {
    f = await websiteFixture('site-content');
    page = await f.createPage('About', 'about');
  });
  afterAll(() => f?.t.close());

  it(`takes a page of ${WEBSITE_LIMITS.pageBytesMax} bytes and refuses one byte more`, async () => {
    const atLimit = pageOfBytes(WEBSITE_LIMITS.pageBytesMax);
    expect(websiteContentBytes(atLimit)).toBe(WEBSITE_LIMITS.pageBytesMax);
    expect((await save(atLimit)).statusCode).toBe(200);
    const over = pageOfBytes(WEBSITE_LIMITS.pageBytesMax + 1);
    expect(websiteContentBytes(over)).toBe(WEBSITE_LIMITS.pageBytesMax + 1);
    expect(errorOf(await save(over))).toMatchObject({ status: 'INVALID_ARGUMENT', message: M.pageTooLarge });
  });

  it('names a block field over its limit by its path and says the limit, for a block in Columns too; the limit itself saves', async () => {
    const hero = (heading: string) => ({ type: 'Hero', props: { id: 'h', heading, subheading: '', align: 'left' } });
    expect((await save(pageWith(spacer('s'), hero('a'.repeat(WEBSITE_LIMITS.shortTextMax))))).statusCode).toBe(200);
    const refused = errorOf(await save(pageWith(spacer('s'), hero('a'.repeat(WEBSITE_LIMITS.shortTextMax + 1))))) as { details: { issues: unknown[] } };
    expect(refused).toMatchObject({ status: 'INVALID_ARGUMENT', message: websiteTextTooLong(WEBSITE_LIMITS.shortTextMax) });
    expect(refused.details.issues).toEqual([{ path: ['content', 'content', 1, 'props', 'heading'], message: websiteTextTooLong(WEBSITE_LIMITS.shortTextMax) }]);

    const quote = { type: 'Testimonials', props: { id: 't', items: [{ quote: 'q'.repeat(WEBSITE_LIMITS.longTextMax + 1), name: 'Sam' }] } };
    const columns = { type: 'Columns', props: { id: 'c', layout: '1-1', left: [spacer('a'), quote], middle: [], right: [] } };
    const nested = errorOf(await save(pageWith(columns))) as { message: string; details: { issues: { path: unknown[] }[] } };
    expect(nested.message).toBe(websiteTextTooLong(WEBSITE_LIMITS.longTextMax));
    expect(nested.details.issues[0]?.path).toEqual(['content', 'content', 0, 'props', 'left', 1, 'props', 'items', 0, 'quote']);
  });

  it('takes 200 blocks counting those inside Columns, not 201', async () => {
    const columns = { type: 'Columns', props: { id: 'c', layout: '1-1', left: [spacer('a'), spacer('b')], middle: [], right: [] } };
    const blocks = (n: number) => [...Array.from({ length: n - 3 }, (_, i) => spacer(`s${i}`)), columns];
    expect((await save(pageWith(...blocks(200)))).statusCode).toBe(200);
    expect(errorOf(await save(pageWith(...blocks(201)))).message).toBe(M.tooManyBlocks);
  });

  it('refuses an unknown block and an unknown prop with the §8 message', async () => {
    expect(errorOf(await save(pageWith({ type: 'Html', props: { id: 'x', html: '<script>1</script>' } })))).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: MESSAGES.generic.invalidArgument,
    });
    expect(errorOf(await save(pageWith({ ...spacer(), props: { ...spacer().props, style: 'color:red' } }))).message).toBe(MESSAGES.generic.invalidArgument);
  });

  it('stores rich text sanitised, nested ones too, and refuses script links', async () => {
    const evil = '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><style>*{}</style></p>';
    const columns = { type: 'Columns', props: { id: 'c', layout: '1-1', left: [richText(evil, 'n')], middle: [], right: [] } };
    const imageText = { type: 'ImageText', props: { id: 'it', src: '', alt: '', heading: '<script>x</script>', html: evil, imageSide: 'left' } };
    expect((await save(pageWith(richText(evil), columns, imageText))).statusCode).toBe(200);
    type Stored = { content: { props: { html?: string; heading?: string; left?: { props: { html: string } }[] } }[] };
    const [top, nested, mixed] = ((await get()).draftContent as Stored).content;
    const clean = '<p>Hi<a rel="noopener noreferrer nofollow" target="_blank">x</a></p>';
    expect([top?.props.html, nested?.props.left?.[0]?.props.html, mixed?.props.html]).toEqual([clean, clean, clean]);
    // Plain text fields are kept as typed: the renderer escapes them, so they stay text.
    expect(mixed?.props.heading).toBe('<script>x</script>');
    const hrefs = [
      { type: 'Hero', props: { id: 'h', heading: 'h', subheading: '', align: 'center', ctaHref: 'javascript:alert(1)' } },
      { type: 'ButtonRow', props: { id: 'b', buttons: [{ label: 'x', href: 'JAVASCRIPT:alert(1)', style: 'primary' }] } },
      { type: 'LinkList', props: { id: 'l', links: [{ label: 'x', href: 'data:text/html,<script>1</script>' }] } },
      { type: 'SiteHeader', props: { id: 's', showStoreName: true, ctaHref: '//evil.example' } },
    ];
    for (const block of hrefs) expect(errorOf(await save(pageWith(block))).message, block.type).toBe(M.linkInvalid);
  });

  it('keeps a draft away from visitors until it is published, and unpublishing takes it away again', async () => {
    const fresh = await f.createPage('Hidden', 'hidden');
    const before = await storeVersion();
    await f.ok('saveWebsitePageDraft', { pageId: fresh.id, content: pageWith(richText('<p>draft</p>')) });
    expect(await get('hidden')).toMatchObject({ status: 'draft', publishedContent: null, publishedAt: null });
    expect(await storeVersion()).toBe(before);

    expect(await f.ok('publishWebsitePage', { pageId: fresh.id })).toMatchObject({ status: 'published' });
    expect(await get('hidden')).toMatchObject({ draftContent: null, publishedContent: pageWith(richText('<p>draft</p>')) });
    expect(await storeVersion()).toBe((before ?? 0) + 1);

    expect(await f.ok('unpublishWebsitePage', { pageId: fresh.id })).toMatchObject({ status: 'draft', publishedAt: null });
    const [row] = await f.t.db.select().from(websitePages).where(eq(websitePages.id, fresh.id));
    expect(row).toMatchObject({ publishedContent: null, draftContent: pageWith(richText('<p>draft</p>')) });
    expect(await storeVersion()).toBe((before ?? 0) + 2);
  });

  it('keeps the last 20 published versions; restoring one copies it into the draft only', async () => {
    const page2 = await f.createPage('Versions', 'versions');
    for (let n = 1; n <= 22; n += 1) {
      await f.ok('saveWebsitePageDraft', { pageId: page2.id, content: pageWith(richText(`<p>v${n}</p>`)) });
      await f.ok('publishWebsitePage', { pageId: page2.id });
    }
    // Publishing again without a draft is no new version.
    await f.ok('publishWebsitePage', { pageId: page2.id });
    const versions = (await f.ok('listWebsitePageVersions', { pageId: page2.id })).versions as { id: string; version: number }[];
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: 20 }, (_, i) => 22 - i));

    const fifth = versions.find((v) => v.version === 5)!;
    expect(await f.ok('restoreWebsitePageVersion', { pageId: page2.id, versionId: fifth.id })).toMatchObject({ status: 'changed' });
    expect(await get('versions')).toMatchObject({ draftContent: pageWith(richText('<p>v5</p>')), publishedContent: pageWith(richText('<p>v22</p>')) });
    expect(await f.ok('discardWebsitePageDraft', { pageId: page2.id })).toMatchObject({ status: 'published', draftUpdatedAt: null });
    expect(await get('versions')).toMatchObject({ draftContent: null, publishedContent: pageWith(richText('<p>v22</p>')) });
  });
});

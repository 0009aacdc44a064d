import { MESSAGES, STORE_OFFLINE_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores, websitePages } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { setFlag } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { hero, pageContent, seedWebsitePage } from '#src/testing/website-pages.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const { storeId } = await seedStorefront(t.db, { slug: 'kiln-site', name: 'Kiln Site', customDomain: 'kilnsite.example' });
  await seedWebsitePage(t.db, storeId, { slug: 'home', title: 'Home', published: pageContent(hero('Slow mornings')), draft: pageContent(hero('Draft mornings')) });
  await seedWebsitePage(t.db, storeId, {
    slug: 'about',
    title: 'About us',
    position: 1,
    // A row written before sanitising on save (or by hand): rendered inert all the same.
    published: pageContent({ type: 'RichText', props: { id: 'rt', html: '<p onclick="steal()">Our studio<script>steal()</script></p>' } }),
  });
  await seedWebsitePage(t.db, storeId, { slug: 'secret', title: 'Secret', position: 2, published: null, draft: pageContent(hero('Unreleased plans')) });
  await seedStorefront(t.db, { slug: 'bare-store' });
  const { storeId: other } = await seedStorefront(t.db, { slug: 'other-site' });
  await seedWebsitePage(t.db, other, { slug: 'home', published: pageContent(hero('Other home')) });
  await seedWebsitePage(t.db, other, { slug: 'pricing', position: 1, published: pageContent(hero('Other pricing')) });
  // Live sites stay live whatever the flag says (decision 028).
  await setFlag(t, 'websiteBuilder', false);
}, 120_000);
afterAll(() => t?.close());

const read = (data: Record<string, unknown>) => callFunction(t.app, 'getPublishedWebsitePage', data);
const notFound = { status: 'NOT_FOUND', message: MESSAGES.generic.notFound };

describe('getPublishedWebsitePage', () => {
  it('answers the published home page by slug, with the navigation, while the flag is off', async () => {
    const reply = await read({ slug: 'kiln-site' });
    expect(reply.statusCode, reply.body).toBe(200);
    const page = reply.json().result;
    expect(page.page).toMatchObject({ slug: 'home', title: 'Home' });
    expect(page.page.content.content[0].props.heading).toBe('Slow mornings');
    expect(page.pages).toEqual([
      { slug: 'home', title: 'Home' },
      { slug: 'about', title: 'About us' },
    ]);
    expect(page.store).toMatchObject({ slug: 'kiln-site', customDomain: 'kilnsite.example' });
    expect(page.canonicalUrl).toBe('https://kilnsite.example/');
    expect(page.isPreview).toBe(false);
  });

  it('answers a page by its custom domain, the same as by slug', async () => {
    const byHost = await read({ host: 'kilnsite.example', pageSlug: 'about' });
    const bySlug = await read({ slug: 'kiln-site', pageSlug: 'about' });
    expect(byHost.statusCode, byHost.body).toBe(200);
    expect(byHost.json()).toEqual(bySlug.json());
  });

  it('never answers a draft', async () => {
    const reply = await read({ slug: 'kiln-site', pageSlug: 'home' });
    expect(reply.body).not.toContain('Draft mornings');
    const secret = await read({ slug: 'kiln-site', pageSlug: 'secret' });
    expect(secret.statusCode).toBe(404);
    expect(errorOf(secret)).toEqual(notFound);
    expect(secret.body).not.toContain('Unreleased plans');
  });

  it('sanitises rich text again', async () => {
    const reply = await read({ slug: 'kiln-site', pageSlug: 'about' });
    const html = reply.json().result.page.content.content[0].props.html as string;
    expect(html).toContain('Our studio');
    expect(html).not.toMatch(/script|onclick|steal/);
  });

  it.each([
    ['a page the site does not have', { slug: 'kiln-site', pageSlug: 'nowhere' }],
    ['a page only another store has', { slug: 'kiln-site', pageSlug: 'pricing' }],
    ['a store without a website', { slug: 'bare-store' }],
    ['a store that does not exist', { slug: 'no-such-store' }],
    ['a host no store owns', { host: 'nobody.example' }],
  ])('answers not-found for %s', async (_case, data) => {
    const reply = await read(data);
    expect(reply.statusCode).toBe(404);
    expect(errorOf(reply)).toEqual(notFound);
  });

  it('refuses a malformed page slug', async () => {
    expect((await read({ slug: 'kiln-site', pageSlug: '../x' })).statusCode).toBe(400);
  });

  it('answers an offline store with the offline refusal, never its content', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'off-site' });
    await seedWebsitePage(t.db, storeId, { slug: 'home', published: pageContent(hero('Hidden while offline')) });
    await t.db.update(stores).set({ offlineReason: 'abuse' }).where(eq(stores.id, storeId));
    const reply = await read({ slug: 'off-site' });
    expect(reply.statusCode).toBe(503);
    expect(errorOf(reply)).toEqual({ status: 'UNAVAILABLE', message: STORE_OFFLINE_MESSAGES.error });
    expect(reply.body).not.toMatch(/Hidden while offline|abuse/);
  });

  it('is kept until storefront_changed names its store, then answers the new content', async () => {
    await t.app.storefront.ready();
    const { storeId } = await seedStorefront(t.db, { slug: 'cache-site' });
    const pageId = await seedWebsitePage(t.db, storeId, { slug: 'home', published: pageContent(hero('Version one')) });
    const heading = async () => (await read({ slug: 'cache-site' })).json().result.page.content.content[0].props.heading;
    expect(await heading()).toBe('Version one');
    await t.db.update(websitePages).set({ publishedContent: pageContent(hero('Version two')) }).where(eq(websitePages.id, pageId));
    expect(await heading()).toBe('Version one');
    await notifyStorefrontChanged(t.db, storeId);
    await expect.poll(heading, { timeout: 5_000 }).toBe('Version two');
  });
});

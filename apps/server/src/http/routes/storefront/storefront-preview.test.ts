import type { StoreProfile, StorefrontData } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreAs } from '#src/testing/stores.ts';
import { inlinedData } from '#src/testing/seed-storefront.ts';
import { createStorefrontTestApp } from '#src/testing/storefront-test-app.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { callFunction, cookieHeader } from '#src/testing/call-function.ts';

let t: TestApp;
let owner: TestCreator;
let stranger: TestCreator;
let storeId: string;
const SLUG = 'draft-shop';
const BANNER = 'Preview — not published';

const draftProfile: StoreProfile = {
  name: 'Draft Shop Reloaded',
  description: 'Now in neon.',
  avatarUrl: null,
  socialLinks: [],
  links: [{ id: 'n1', title: 'Brand new link', url: 'https://example.com/new' }],
  theme: 'neon-pulse',
  themeOverrides: { colors: { buttonColor: '#00ffaa' } },
  productLayout: { order: [], hidden: [] },
};

beforeAll(async () => {
  t = await createStorefrontTestApp();
  owner = await signedInCreator(t);
  stranger = await signedInCreator(t);
  storeId = (await createStoreAs(t, owner, SLUG)).id;
  const saved = await callFunction(t.app, 'saveStoreDraft', { storeId, profile: draftProfile }, { as: owner });
  expect(saved.statusCode).toBe(200);
}, 120_000);
afterAll(() => t?.close());

const page = (url: string, who: TestCreator | null = null) =>
  t.app.inject({ method: 'GET', url, headers: who ? cookieHeader(who.token) : {} });

describe('/{slug}?preview=true shows the draft to its owner only', () => {
  it('a visitor sees the published store, with or without ?preview=true', async () => {
    for (const url of [`/${SLUG}`, `/${SLUG}?preview=true`]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<h1 class="sf-name">Store ${SLUG}</h1>`);
      expect(response.body, url).not.toContain('Draft Shop Reloaded');
      expect(response.body, url).not.toContain(BANNER);
    }
  });

  it('another signed-in creator asking for the preview gets the published store, never cached', async () => {
    const response = await page(`/${SLUG}?preview=true`, stranger);
    expect(response.body).toContain(`<h1 class="sf-name">Store ${SLUG}</h1>`);
    expect(response.body).not.toContain(BANNER);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.etag).toBeUndefined();
  });

  it('the owner sees the draft, in its theme, under a preview banner, private and not indexed', async () => {
    const response = await page(`/${SLUG}?preview=true`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.etag).toBeUndefined();
    expect(response.body).toContain('<h1 class="sf-name">Draft Shop Reloaded</h1>');
    expect(response.body).toContain(BANNER);
    expect(response.body).toContain('data-theme="neon-pulse"');
    expect(response.body).toContain('<meta name="robots" content="noindex, nofollow">');
    const data = inlinedData(response.body) as StorefrontData;
    expect(data.isPreview).toBe(true);
    expect(data.store.profile.links.map((link) => link.title)).toEqual(['Brand new link']);
  });

  it('the owner without ?preview=true sees what visitors see', async () => {
    const response = await page(`/${SLUG}`, owner);
    expect(response.body).toContain(`<h1 class="sf-name">Store ${SLUG}</h1>`);
    expect(response.body).not.toContain(BANNER);
  });

  it('getStorefront {preview: true} answers the draft to the owner and the published store to others', async () => {
    const mine = await callFunction(t.app, 'getStorefront', { slug: SLUG, preview: true }, { as: owner });
    expect((mine.json().result as StorefrontData).store.profile.name).toBe('Draft Shop Reloaded');
    expect((mine.json().result as StorefrontData).isPreview).toBe(true);
    const theirs = await callFunction(t.app, 'getStorefront', { slug: SLUG, preview: true }, { as: stranger });
    expect((theirs.json().result as StorefrontData).store.profile.name).toBe(`Store ${SLUG}`);
    expect((theirs.json().result as StorefrontData).isPreview).toBe(false);
  });
});

describe('publishing', () => {
  it('invalidates the cached page and JSON: visitors see the published draft', async () => {
    expect((await page(`/${SLUG}`)).body).toContain(`<h1 class="sf-name">Store ${SLUG}</h1>`);
    expect((await page(`/api/storefront?slug=${SLUG}`)).json().store.profile.name).toBe(`Store ${SLUG}`);

    const published = await callFunction(t.app, 'publishStoreDraft', { storeId }, { as: owner });
    expect(published.statusCode).toBe(200);

    await expect.poll(async () => (await page(`/${SLUG}`)).body, { timeout: 5_000 }).toContain('<h1 class="sf-name">Draft Shop Reloaded</h1>');
    const after = await page(`/${SLUG}`);
    expect(after.body).not.toContain(BANNER);
    expect(after.body).toContain('--sf-button:#00ffaa');
    expect((await page(`/api/storefront?slug=${SLUG}`)).json().store.profile.name).toBe('Draft Shop Reloaded');
  });
});

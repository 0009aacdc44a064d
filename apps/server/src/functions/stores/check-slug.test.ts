import { MESSAGES, STORE_NAME_MAX_LENGTH, validateSlug } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { callFunction } from '#src/testing/call-function.ts';

describe('checkSlug', () => {
  let t: TestApp;
  const check = async (data: Record<string, unknown>) => {
    const response = await callFunction(t.app, 'checkSlug', data);
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2026-06-01T12:00:00Z') });
    for (const slug of ['taken-shop', 'taken-shop-1', 'taken-shop-store', 'busy', 'busy-1', 'busy-2', 'busy-3', 'busy-4', 'busy-5']) {
      expect((await callFunction(t.app, 'testCreateStoreSimple', { slug, name: slug })).statusCode).toBe(200);
    }
  });
  afterAll(() => t?.close());

  it('answers valid, with no suggestions, for a free well-formed slug', async () => {
    const { status, body } = await check({ slug: 'fresh-shop' });
    expect(status).toBe(200);
    expect(body.result).toEqual({ status: 'valid', slug: 'fresh-shop', popularity: 'low', suggestions: [] });
  });

  it('canonicalises before checking (full-width letters become ASCII)', async () => {
    const { body } = await check({ slug: 'ｆｒｅｓｈ' });
    expect(body.result).toMatchObject({ status: 'valid', slug: 'fresh' });
  });

  it('answers the taken message with free, valid suggestions for a taken slug', async () => {
    const { body } = await check({ slug: 'taken-shop', name: 'Taken Shop' });
    expect(body.result.status).toBe('error');
    expect(body.result.message).toBe(MESSAGES.slug.taken);
    const suggested: string[] = body.result.suggestions.map((s: { slug: string }) => s.slug);
    expect(suggested.length).toBeGreaterThan(0);
    expect(suggested.length).toBeLessThanOrEqual(8);
    for (const slug of suggested) expect(validateSlug(slug).valid).toBe(true);
    expect(suggested).not.toContain('taken-shop');
    expect(suggested).not.toContain('taken-shop-1');
    expect(suggested).not.toContain('taken-shop-store');
    expect(suggested).toContain('taken-shop-2026');
  });

  it('gives the format message for a malformed slug, and the length limits hold on both sides', async () => {
    expect((await check({ slug: 'Bad Slug!' })).body.result).toMatchObject({ status: 'error', message: MESSAGES.slug.invalidFormat });
    expect((await check({ slug: 'a' })).body.result.status).toBe('error');
    expect((await check({ slug: 'ab' })).body.result.status).toBe('valid');
    expect((await check({ slug: 'a'.repeat(50) })).body.result.status).toBe('valid');
    expect((await check({ slug: 'a'.repeat(51) })).body.result.status).toBe('error');
  });

  it('refuses reserved words and homoglyphs', async () => {
    expect((await check({ slug: 'dashboard' })).body.result.status).toBe('error');
    expect((await check({ slug: 'members' })).body.result.status).toBe('error');
    expect((await check({ slug: 'shоp' })).body.result.status).toBe('error'); // Cyrillic о
  });

  it('reports popularity: high when more than 5 basic variants are taken', async () => {
    expect((await check({ slug: 'busy' })).body.result.popularity).toBe('high');
    expect((await check({ slug: 'taken-shop' })).body.result.popularity).toBe('medium');
  });

  it('tells reserved, taken and free apart', async () => {
    expect((await check({ slug: 'admin' })).body.result).toMatchObject({ status: 'error', message: MESSAGES.slug.reserved });
    expect((await check({ slug: 'taken-shop' })).body.result).toMatchObject({ status: 'error', message: MESSAGES.slug.taken });
    expect((await check({ slug: 'free-shop' })).body.result).toMatchObject({ status: 'valid' });
  });

  it('takes a store name up to the store-name limit and refuses one past it with the form message', async () => {
    const fits = await check({ slug: 'fresh-shop', name: 'a'.repeat(STORE_NAME_MAX_LENGTH) });
    expect([fits.status, fits.body.result.status]).toEqual([200, 'valid']);
    const over = await check({ slug: 'fresh-shop', name: 'a'.repeat(STORE_NAME_MAX_LENGTH + 1) });
    expect([over.status, over.body.error.message]).toEqual([400, MESSAGES.validation.storeNameTooLong]);
  });

  it('refuses unknown fields', async () => {
    const { status, body } = await check({ slug: 'x-shop', creatorId: 'someone' });
    expect(status).toBe(400);
    expect(body.error.status).toBe('INVALID_ARGUMENT');
  });
});

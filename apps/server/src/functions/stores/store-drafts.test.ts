import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeDrafts, stores } from '#src/db/schema/index.ts';
import { NOTHING_TO_PUBLISH_MESSAGE } from '#src/domain/stores/store-drafts.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { createStoreAs, sampleProfile } from '#src/testing/stores.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { callFunction } from '#src/testing/call-function.ts';

const NOW = new Date('2030-06-01T09:00:00.000Z');

describe('store drafts: getStoreDraft, saveStoreDraft, publishStoreDraft, discardStoreDraft', () => {
  let t: TestApp;
  let ivy: TestCreator;
  let storeId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    ivy = await signedInCreator(t, { now: NOW });
    storeId = (await createStoreAs(t, ivy, 'ivy-prints', { storeName: 'Ivy' })).id;
  });
  afterAll(() => t?.close());

  const visitorName = async () => (await callFunction(t.app, 'lookupStore', { by: 'slug', slug: 'ivy-prints' })).json().result.name;
  const draft = async () => (await callFunction(t.app, 'getStoreDraft', { storeId }, { as: ivy })).json().result;

  it('without a draft, the builder starts from the published profile', async () => {
    expect(await draft()).toEqual({
      hasDraft: false,
      updatedAt: null,
      profile: {
        name: 'Ivy', description: '', avatarUrl: null, socialLinks: [], links: [], theme: 'mocha-mood',
        themeOverrides: { colors: {} }, productLayout: { order: [], hidden: [] },
      },
    });
  });

  it('saves the draft with the preview flag; visitors still see the published store', async () => {
    const saved = await callFunction(t.app, 'saveStoreDraft', { storeId, profile: sampleProfile() }, { as: ivy });
    expect(saved.json().result).toEqual({ updatedAt: NOW.toISOString() });
    expect(await draft()).toEqual({ hasDraft: true, updatedAt: NOW.toISOString(), profile: sampleProfile() });
    const [row] = await t.db.select().from(storeDrafts).where(eq(storeDrafts.storeId, storeId));
    expect(row?.isPreview).toBe(true);
    expect(await visitorName()).toBe('Ivy');
  });

  it.each([
    ['an empty name', { name: '  ' }, MESSAGES.validation.storeNameRequired],
    ['a 100-character name', { name: 'x'.repeat(100) }, MESSAGES.validation.storeNameTooLong],
    ['a 500-character description', { description: 'x'.repeat(500) }, MESSAGES.validation.storeDescriptionTooLong],
    ['a colour that is not #rrggbb', { themeOverrides: { colors: { buttonColor: 'red' } } }, 'Colours must look like #a1b2c3.'],
    ['a javascript: link', { links: [{ id: 'x', title: 'X', url: 'javascript:alert(1)' }] }, 'Links must start with https://, http:// or mailto:.'],
    ['a data: avatar', { avatarUrl: 'data:image/png;base64,AAAA' }, 'The avatar must be an uploaded image or an https:// link.'],
  ])('refuses %s and keeps the saved draft', async (_case, change, message) => {
    const response = await callFunction(t.app, 'saveStoreDraft', { storeId, profile: { ...sampleProfile(), ...change } }, { as: ivy });
    expect([response.statusCode, response.json().error.message]).toEqual([400, message]);
    expect((await draft()).profile).toEqual(sampleProfile());
  });

  it('accepts the limits from the inside: 99-character name, 499-character description', async () => {
    const edge = sampleProfile({ name: 'n'.repeat(99), description: 'd'.repeat(499), avatarUrl: '/files/store_x/avatar-1.png' });
    expect((await callFunction(t.app, 'saveStoreDraft', { storeId, profile: edge }, { as: ivy })).statusCode).toBe(200);
    expect((await callFunction(t.app, 'saveStoreDraft', { storeId, profile: sampleProfile() }, { as: ivy })).statusCode).toBe(200);
  });

  it('refuses client-set ownership fields in the draft', async () => {
    const response = await callFunction(t.app, 'saveStoreDraft', { storeId, profile: sampleProfile(), creatorId: 'usr_x' }, { as: ivy });
    expect(response.statusCode).toBe(400);
    const nested = await callFunction(t.app, 'saveStoreDraft', { storeId, profile: { ...sampleProfile(), slug: 'stolen' } }, { as: ivy });
    expect(nested.statusCode).toBe(400);
  });

  it('publish copies the draft to the live store and deletes the draft', async () => {
    const response = await callFunction(t.app, 'publishStoreDraft', { storeId }, { as: ivy });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ ...sampleProfile(), id: storeId, publishedAt: NOW.toISOString(), primaryColor: '#ff00aa' });
    expect(await visitorName()).toBe('Ivy Prints');
    expect(await t.db.select().from(storeDrafts).where(eq(storeDrafts.storeId, storeId))).toEqual([]);
    const [row] = await t.db.select().from(stores).where(eq(stores.id, storeId));
    expect(row).toMatchObject({ theme: 'neon-pulse', links: sampleProfile().links });
    expect(row!.version).toBeGreaterThan(1);
    expect(await draft()).toMatchObject({ hasDraft: false, profile: sampleProfile() });
  });

  it('publish without a draft says there is nothing to publish', async () => {
    const response = await callFunction(t.app, 'publishStoreDraft', { storeId }, { as: ivy });
    expect([response.statusCode, response.json().error.message]).toEqual([400, NOTHING_TO_PUBLISH_MESSAGE]);
  });

  it('discard drops the draft and leaves the live store alone', async () => {
    await callFunction(t.app, 'saveStoreDraft', { storeId, profile: sampleProfile({ name: 'Never published' }) }, { as: ivy });
    expect((await callFunction(t.app, 'discardStoreDraft', { storeId }, { as: ivy })).json().result).toEqual({ discarded: true });
    expect((await callFunction(t.app, 'discardStoreDraft', { storeId }, { as: ivy })).json().result).toEqual({ discarded: false });
    expect(await draft()).toMatchObject({ hasDraft: false, profile: { name: 'Ivy Prints' } });
    expect(await visitorName()).toBe('Ivy Prints');
  });
});

import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { signedInToken, STRONG_PASSWORD } from './auth-fixtures.ts';
import { callFunction, cookieHeader, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { createCreator } from '#src/testing/creators.ts';

describe('updateProfile', () => {
  let t: TestApp;
  let adaId: string;
  let graceId: string;
  let session: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    adaId = await createCreator(t, { email: 'ada@example.com', password: STRONG_PASSWORD });
    graceId = await createCreator(t, { email: 'grace@example.com', password: STRONG_PASSWORD });
    session = cookieHeader(await signedInToken(t, 'ada@example.com', STRONG_PASSWORD));
  });
  afterAll(() => t?.close());

  const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

  it("changes the caller's own names and photo, and answers the user", async () => {
    const response = await callFunction(
      t.app,
      'updateProfile',
      { displayName: ' Countess ', firstName: 'Augusta', lastName: 'King', photoURL: 'https://img.example.com/ada.png' },
      { as: WEB_APP, headers: session },
    );
    expect(response.json().result).toMatchObject({
      uid: adaId,
      displayName: 'Countess',
      firstName: 'Augusta',
      lastName: 'King',
      photoURL: 'https://img.example.com/ada.png',
    });
    expect(await row(adaId)).toMatchObject({ displayName: 'Countess', firstName: 'Augusta', photoUrl: 'https://img.example.com/ada.png' });
    expect(await row(graceId)).toMatchObject({ displayName: 'Test Creator', firstName: 'Test' });
  });

  it('leaves fields that are not sent alone, and clears the photo with null', async () => {
    const response = await callFunction(t.app, 'updateProfile', { photoURL: null }, { as: WEB_APP, headers: session });
    expect(response.json().result).toMatchObject({ displayName: 'Countess', photoURL: null });
  });

  it.each([
    ['another user id', { uid: 'usr_other', displayName: 'Hacked' }],
    ['ownership or privilege fields', { isAdmin: true }],
    ['email', { email: 'new@example.com' }],
    ['a javascript: photo URL', { photoURL: 'javascript:alert(1)' }],
  ])('refuses %s and changes no row', async (_label, data) => {
    const before = [await row(adaId), await row(graceId)];
    const response = await callFunction(t.app, 'updateProfile', data, { as: WEB_APP, headers: session });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).status).toBe('INVALID_ARGUMENT');
    expect([await row(adaId), await row(graceId)]).toEqual(before);
  });

  it('needs a signed-in creator', async () => {
    const response = await callFunction(t.app, 'updateProfile', { displayName: 'x' }, { as: WEB_APP });
    expect(errorOf(response)).toEqual({ status: 'UNAUTHENTICATED', message: MESSAGES.generic.unauthenticated });
  });
});

import { MESSAGES } from '@shopfront/core';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '#src/domain/admin/admin-audit.ts';
import { grantAdmin } from '#src/domain/admin/grant-admin.ts';
import { auditRows, insertUser, userRow } from '#src/testing/users.ts';
import { PLATFORM_REALM } from '#src/identity/limits.ts';
import { createSession } from '#src/identity/sessions.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { callFunction } from '#src/testing/call-function.ts';

const apps: TestApp[] = [];
afterEach(() => Promise.all(apps.splice(0).map((t) => t.close())));
async function app(env = testEnv()) {
  const t = await createTestApp({ env });
  apps.push(t);
  return t;
}

/** A signed-in creator: a real session, sent as `Authorization: Bearer` like an API client. */
async function signedIn(t: TestApp, email: string) {
  const userId = await insertUser(t.db, email);
  const { token } = await createSession(t.db, { realm: PLATFORM_REALM, userId, now: new Date() });
  return { userId, headers: { authorization: `Bearer ${token}` } };
}

describe('checkAdminStatus', () => {
  it('answers {isAdmin} for the signed-in creator, read fresh from the database', async () => {
    const t = await app();
    const creator = await signedIn(t, 'creator@check.test');
    const first = await callFunction(t.app, 'checkAdminStatus', {}, { as: creator });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ result: { isAdmin: false, mfaVerified: false } });

    // Granted while the session is live: the next call sees it without signing in again.
    await grantAdmin({ db: t.db, target: { userId: creator.userId }, actorId: CLI_ACTOR, now: new Date() });
    expect((await callFunction(t.app, 'checkAdminStatus', null, { as: creator })).json()).toEqual({ result: { isAdmin: true, mfaVerified: false } });
  });

  it('refuses an anonymous caller with 401 and unknown input fields with 400', async () => {
    const t = await app();
    const anonymous = await callFunction(t.app, 'checkAdminStatus', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });

    const creator = await signedIn(t, 'extra@check.test');
    const extra = await callFunction(t.app, 'checkAdminStatus', { isAdmin: true }, { as: creator });
    expect(extra.statusCode).toBe(400);
  });
});

describe('initializeFirstAdmin', () => {
  it('makes the first caller admin with an audit entry, then refuses the next caller', async () => {
    const t = await app();
    const first = await signedIn(t, 'first@init-fn.test');
    const second = await signedIn(t, 'second@init-fn.test');

    const granted = await callFunction(t.app, 'initializeFirstAdmin', {}, { as: first });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ result: { isAdmin: true } });
    expect((await userRow(t.db, first.userId)).isAdmin).toBe(true);
    expect(await auditRows(t.db)).toEqual([
      { actorId: first.userId, targetId: first.userId, action: 'grant-admin', reason: expect.stringContaining('initializeFirstAdmin') },
    ]);

    const refused = await callFunction(t.app, 'initializeFirstAdmin', {}, { as: second });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { status: 'PERMISSION_DENIED', message: MESSAGES.admin.permissionDenied } });
    expect((await userRow(t.db, second.userId)).isAdmin).toBe(false);
    expect((await callFunction(t.app, 'checkAdminStatus', {}, { as: second })).json()).toEqual({ result: { isAdmin: false, mfaVerified: false } });
  });

  it('refuses an anonymous caller with 401', async () => {
    const t = await app();
    const response = await callFunction(t.app, 'initializeFirstAdmin', {});
    expect(response.statusCode).toBe(401);
  });

  it('does not exist in production (404 like an unknown name); checkAdminStatus still works there', async () => {
    const t = await app(testEnv({ NODE_ENV: 'production' }));
    const creator = await signedIn(t, 'prod@init-fn.test');
    const missing = await callFunction(t.app, 'initializeFirstAdmin', {}, { as: creator });
    const unknown = await callFunction(t.app, 'noSuchFunction', {}, { as: creator });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(unknown.json());
    expect((await userRow(t.db, creator.userId)).isAdmin).toBe(false);
    expect((await callFunction(t.app, 'checkAdminStatus', {}, { as: creator })).json()).toEqual({ result: { isAdmin: false, mfaVerified: false } });
  });
});

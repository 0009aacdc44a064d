import { MESSAGES, type FunctionName } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '#src/testing/call-function.ts';
import { signedInAdmin, signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

let t: TestApp;
let creator: TestCreator;
let adminWithoutMfa: TestCreator;
const someUser = 'usr_00000000000000000000';
const someStore = 'store_00000000000000000000';
const reason = 'Checking refusals';

/** Every admin function with a well-formed input: each must be refused before it runs. */
const CALLS: [FunctionName, unknown][] = [
  ['setUserAdminStatus', { userId: someUser, isAdmin: true, reason }],
  ['getAdminUsers', {}],
  ['getAdminAuditLog', {}],
  ['searchAdminUsers', { query: 'a' }],
  ['getAdminUser', { userId: someUser }],
  ['deactivateUser', { userId: someUser, reason }],
  ['reactivateUser', { userId: someUser, reason }],
  ['unlockUserMfa', { userId: someUser, reason }],
  ['unpublishStoreForAbuse', { storeId: someStore, reason }],
  ['restoreStore', { storeId: someStore, reason }],
  ['getPlatformStats', {}],
  ['getRegionStatus', {}],
];

beforeAll(async () => {
  t = await createTestApp();
  creator = await signedInCreator(t);
  adminWithoutMfa = await signedInAdmin(t, { mfa: false });
});
afterAll(() => t.close());

describe.each(CALLS)('%s', (name, input) => {
  it('is refused to anonymous callers (401), non-admins (403) and admins without MFA (403 mfa-required)', async () => {
    const anonymous = await callFunction(t.app, name, input);
    expect(anonymous.statusCode).toBe(401);
    const nonAdmin = await callFunction(t.app, name, input, { as: creator });
    expect(nonAdmin.statusCode).toBe(403);
    expect(nonAdmin.json()).toEqual({ error: { status: 'PERMISSION_DENIED', message: MESSAGES.admin.permissionDenied } });
    const noMfa = await callFunction(t.app, name, input, { as: adminWithoutMfa });
    expect(noMfa.statusCode).toBe(403);
    expect(noMfa.json()).toEqual({ error: { status: 'PERMISSION_DENIED', message: MESSAGES.admin.mfaRequired, details: { reason: 'mfa-required' } } });
  });
});

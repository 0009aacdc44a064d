import { DEFAULT_MAINTENANCE, MAINTENANCE_MESSAGE_MAX_LENGTH, MESSAGES, PLATFORM_CONFIG_MESSAGES, PLATFORM_REASON_MAX_LENGTH } from '@shopfront/core';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog, adminConfig, featureFlags, users } from '#src/db/schema/index.ts';
import { callFunction, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createCreator, signedInAdmin, signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const HOUR = 60 * 60_000;
const PASSWORD = 'correct horse battery staple';
const clock = manualClock(new Date());
let t: TestApp;
let admin: TestCreator;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await signedInAdmin(t, { now: clock.now() });
});
beforeEach(async () => {
  await t.db.delete(adminConfig);
  await t.db.delete(featureFlags);
  await t.app.featureFlags.whenListening();
  t.app.featureFlags.invalidate();
});
afterAll(() => t?.close());

const call = (name: string, data: unknown, as: TestCreator | null = admin) => callFunction(t.app, name, data, { as });
const lastAudit = async () => (await t.db.select().from(adminAuditLog).orderBy(asc(adminAuditLog.id))).at(-1);
const auditCount = async () => (await t.db.select({ id: adminAuditLog.id }).from(adminAuditLog)).length;

describe('who may call the platform functions', () => {
  const calls: [string, unknown][] = [
    ['getMaintenanceConfig', {}],
    ['setMaintenanceMode', { enabled: true, message: 'Back soon.' }],
    ['setAllowSignups', { allowSignups: false, reason: 'spam wave' }],
    ['getFeatureFlags', {}],
    ['setFeatureFlag', { name: 'customDomains', enabled: true, reason: 'launch' }],
  ];

  it.each(calls)('%s: anonymous 401, a creator 403, an admin without MFA 403 mfaRequired, changing nothing', async (name, data) => {
    const before = await auditCount();
    const anonymous = await call(name, data, null);
    expect(anonymous.statusCode).toBe(401);
    const creator = await call(name, data, await signedInCreator(t));
    expect(creator.statusCode).toBe(403);
    expect(errorOf(creator).message).toBe(MESSAGES.admin.permissionDenied);
    const noMfa = await call(name, data, await signedInAdmin(t, { mfa: false }));
    expect(noMfa.statusCode).toBe(403);
    expect(errorOf(noMfa)).toMatchObject({ message: MESSAGES.admin.mfaRequired, details: { reason: 'mfa-required' } });
    expect(await auditCount()).toBe(before);
    expect(await t.db.select().from(adminConfig)).toEqual([]);
    expect(await t.db.select().from(featureFlags)).toEqual([]);
  });
});

describe('setMaintenanceMode', () => {
  it('switches on with enabledAt/enabledBy and an audit row with before and after; off clears them', async () => {
    const on = await call('setMaintenanceMode', { enabled: true, message: 'Upgrading the database.', reason: 'planned upgrade' });
    expect(on.statusCode).toBe(200);
    const now = clock.now().toISOString();
    expect(on.json().result).toMatchObject({
      maintenanceMode: true,
      inEffect: true,
      maintenanceMessage: 'Upgrading the database.',
      enabledAt: now,
      enabledBy: { id: admin.userId },
      endsAt: null,
    });
    expect(await lastAudit()).toMatchObject({
      actorId: admin.userId,
      action: 'set-maintenance',
      targetId: 'maintenance',
      reason: 'planned upgrade',
      before: { maintenanceMode: false, enabledAt: null, enabledBy: null },
      after: { maintenanceMode: true, maintenanceMessage: 'Upgrading the database.', enabledAt: now, enabledBy: admin.userId },
    });
    const status = (await callFunction(t.app, 'getPlatformStatus', null)).json().result;
    expect(status).toMatchObject({ maintenanceMode: true, signupsOpen: false, maintenanceMessage: 'Upgrading the database.' });

    const off = await call('setMaintenanceMode', { enabled: false });
    expect(off.json().result).toMatchObject({ maintenanceMode: false, inEffect: false, enabledAt: null, enabledBy: null, endsAt: null });
    expect(await lastAudit()).toMatchObject({ before: { maintenanceMode: true }, after: { maintenanceMode: false, enabledAt: null } });
    expect((await call('getMaintenanceConfig', {})).json().result).toMatchObject({ maintenanceMode: false, enabledBy: null });
  });

  it('needs a message to switch on, of at most the maximum length', async () => {
    const before = await auditCount();
    for (const message of [undefined, '   ']) {
      const refused = await call('setMaintenanceMode', { enabled: true, ...(message === undefined ? {} : { message }) });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).message).toBe(PLATFORM_CONFIG_MESSAGES.messageRequired);
    }
    const tooLong = await call('setMaintenanceMode', { enabled: true, message: 'x'.repeat(MAINTENANCE_MESSAGE_MAX_LENGTH + 1) });
    expect(errorOf(tooLong).message).toBe(PLATFORM_CONFIG_MESSAGES.messageTooLong);
    expect(await auditCount()).toBe(before);
    expect(await t.db.select().from(adminConfig)).toEqual([]);

    const longest = await call('setMaintenanceMode', { enabled: true, message: 'x'.repeat(MAINTENANCE_MESSAGE_MAX_LENGTH) });
    expect(longest.statusCode).toBe(200);
  });

  it('refuses an end time that is not in the future and a reason over the maximum length', async () => {
    const past = await call('setMaintenanceMode', { enabled: true, message: 'Soon.', endsAt: new Date(clock.now().getTime() - 1).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past)).toMatchObject({ message: PLATFORM_CONFIG_MESSAGES.endsAtInPast, details: { fieldErrors: { endsAt: [PLATFORM_CONFIG_MESSAGES.endsAtInPast] } } });
    const reason = await call('setMaintenanceMode', { enabled: true, message: 'Soon.', reason: 'r'.repeat(PLATFORM_REASON_MAX_LENGTH + 1) });
    expect(reason.statusCode).toBe(400);
    expect(await t.db.select().from(adminConfig)).toEqual([]);

    const endsAt = new Date(clock.now().getTime() + 1000).toISOString();
    const future = await call('setMaintenanceMode', { enabled: true, message: 'Soon.', endsAt, reason: 'r'.repeat(PLATFORM_REASON_MAX_LENGTH) });
    expect(future.statusCode).toBe(200);
    expect(future.json().result).toMatchObject({ endsAt, inEffect: true });
  });

  it('refuses signups while on, lets existing creators sign in, and counts as off once the end time has passed', async () => {
    const email = 'existing@maintenance.test';
    await createCreator(t, { email, password: PASSWORD });
    const endsAt = new Date(clock.now().getTime() + 2 * HOUR).toISOString();
    expect((await call('setMaintenanceMode', { enabled: true, message: 'Back at two.', endsAt })).statusCode).toBe(200);

    const code = await callFunction(t.app, 'sendVerificationCode', { email: 'newcomer@maintenance.test', type: 'signup' }, { as: WEB_APP });
    expect(code.statusCode).toBe(400);
    expect(errorOf(code)).toEqual({ status: 'FAILED_PRECONDITION', message: 'Back at two.', details: { signupsOpen: false } });
    const signIn = await callFunction(t.app, 'signInWithPassword', { email, password: PASSWORD }, { as: WEB_APP });
    expect(signIn.statusCode).toBe(200);

    clock.advance(2 * HOUR);
    expect((await callFunction(t.app, 'getPlatformStatus', null)).json().result).toMatchObject({ maintenanceMode: false, signupsOpen: true });
    expect((await call('getMaintenanceConfig', {})).json().result).toMatchObject({ maintenanceMode: true, inEffect: false, endsAt });
    const reopened = await callFunction(t.app, 'sendVerificationCode', { email: 'newcomer@maintenance.test', type: 'signup' }, { as: WEB_APP });
    expect(reopened.statusCode).toBe(200);
  });

  it('answers the spec defaults before anything is stored', async () => {
    expect((await call('getMaintenanceConfig', null)).json().result).toEqual({
      maintenanceMode: false,
      inEffect: false,
      maintenanceMessage: null,
      allowSignups: true,
      enabledAt: null,
      enabledBy: null,
      endsAt: null,
      updatedAt: null,
    });
    expect((await callFunction(t.app, 'getPlatformStatus', null)).json().result.maintenanceMessage).toBe(DEFAULT_MAINTENANCE.maintenanceMessage);
  });
});

describe('setAllowSignups', () => {
  const signupCode = (email: string) => callFunction(t.app, 'sendVerificationCode', { email, type: 'signup' }, { as: WEB_APP });

  it('closes signups without maintenance, with a plain message, keeps sign-in, and is audited; reopening lets them in', async () => {
    const email = 'existing@signups.test';
    await createCreator(t, { email, password: PASSWORD });
    const closed = await call('setAllowSignups', { allowSignups: false, reason: 'spam wave' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().result).toMatchObject({ allowSignups: false, maintenanceMode: false, inEffect: false });
    expect(await lastAudit()).toMatchObject({
      actorId: admin.userId,
      action: 'set-allow-signups',
      targetId: 'maintenance',
      reason: 'spam wave',
      before: { allowSignups: true },
      after: { allowSignups: false },
    });
    expect((await callFunction(t.app, 'getPlatformStatus', null)).json().result).toMatchObject({
      maintenanceMode: false,
      allowSignups: false,
      signupsOpen: false,
      maintenanceMessage: MESSAGES.screens.signupsNotOpen,
    });
    const refused = await signupCode('newcomer@signups.test');
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toEqual({ status: 'FAILED_PRECONDITION', message: MESSAGES.screens.signupsNotOpen, details: { signupsOpen: false } });
    expect((await callFunction(t.app, 'signInWithPassword', { email, password: PASSWORD }, { as: WEB_APP })).statusCode).toBe(200);

    const open = await call('setAllowSignups', { allowSignups: true });
    expect(open.json().result).toMatchObject({ allowSignups: true });
    expect(await lastAudit()).toMatchObject({ action: 'set-allow-signups', reason: null, before: { allowSignups: false }, after: { allowSignups: true } });
    expect((await signupCode('newcomer@signups.test')).statusCode).toBe(200);
  });

  it('keeps the maintenance message while maintenance is also on, and refuses a reason over the maximum length', async () => {
    await call('setMaintenanceMode', { enabled: true, message: 'Back at two.' });
    await call('setAllowSignups', { allowSignups: false });
    expect(errorOf(await signupCode('other@signups.test')).message).toBe('Back at two.');
    const before = await auditCount();
    const tooLong = await call('setAllowSignups', { allowSignups: true, reason: 'r'.repeat(PLATFORM_REASON_MAX_LENGTH + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(await auditCount()).toBe(before);
    expect((await call('getMaintenanceConfig', {})).json().result.allowSignups).toBe(false);
    expect((await call('setAllowSignups', { allowSignups: true, reason: 'r'.repeat(PLATFORM_REASON_MAX_LENGTH) })).statusCode).toBe(200);
  });
});

describe('feature flags', () => {
  it('lists every flag with its default until an admin sets it', async () => {
    const flags = (await call('getFeatureFlags', {})).json().result.flags;
    expect(flags.map((flag: { name: string; enabled: boolean; isDefault: boolean }) => [flag.name, flag.enabled, flag.isDefault])).toEqual([
      ['websiteBuilder', false, true],
      ['affiliateProgram', true, true],
      ['advancedAnalytics', false, true],
      ['multiStore', true, true],
      ['customDomains', false, true],
    ]);
  });

  it('needs a reason (at most the maximum length); a change is audited with before and after and who made it', async () => {
    const before = await auditCount();
    for (const reason of ['', '  ', 'r'.repeat(PLATFORM_REASON_MAX_LENGTH + 1)]) {
      const refused = await call('setFeatureFlag', { name: 'websiteBuilder', enabled: true, reason });
      expect(refused.statusCode).toBe(400);
    }
    expect(errorOf(await call('setFeatureFlag', { name: 'websiteBuilder', enabled: true, reason: '' })).message).toBe(PLATFORM_CONFIG_MESSAGES.reasonRequired);
    expect(errorOf(await call('setFeatureFlag', { name: 'darkMode', enabled: true, reason: 'x' })).message).toBeTruthy();
    expect(await auditCount()).toBe(before);

    const set = await call('setFeatureFlag', { name: 'websiteBuilder', enabled: true, reason: 'r'.repeat(PLATFORM_REASON_MAX_LENGTH) });
    expect(set.statusCode).toBe(200);
    expect(set.json().result).toMatchObject({ changed: true, flag: { name: 'websiteBuilder', enabled: true, isDefault: false, updatedBy: { id: admin.userId } } });
    expect(await lastAudit()).toMatchObject({
      actorId: admin.userId,
      targetId: 'websiteBuilder',
      action: 'set-feature-flag',
      before: { name: 'websiteBuilder', enabled: false },
      after: { name: 'websiteBuilder', enabled: true },
    });
    const again = await call('setFeatureFlag', { name: 'websiteBuilder', enabled: true, reason: 'again' });
    expect(again.json().result.changed).toBe(false);
    expect(await auditCount()).toBe(before + 1);
  });

  it('customDomains is checked on the server: refused while off, served once an admin turns it on', async () => {
    const creator = await signedInCreator(t);
    const storeId = await firstStore(creator);
    const add = () => callFunction(t.app, 'addCustomDomain', { storeId, domain: 'shop.example.org' }, { as: creator });
    expect(errorOf(await add()).status).toBe('FAILED_PRECONDITION');
    expect((await callFunction(t.app, 'getStoreDomains', { storeId }, { as: creator })).json().result.customDomainsEnabled).toBe(false);

    expect((await call('setFeatureFlag', { name: 'customDomains', enabled: true, reason: 'launch' })).statusCode).toBe(200);
    expect((await callFunction(t.app, 'getStoreDomains', { storeId }, { as: creator })).json().result.customDomainsEnabled).toBe(true);
    expect((await add()).statusCode).toBe(200);
  });

  it('multiStore is checked on the server: off holds every creator to one store whatever the plan', async () => {
    const creator = await signedInCreator(t, { planId: 'creator' });
    await firstStore(creator);
    expect((await call('setFeatureFlag', { name: 'multiStore', enabled: false, reason: 'incident' })).statusCode).toBe(200);
    const second = () => callFunction(t.app, 'createAdditionalStore', { storeName: 'Second', slug: `second-${creator.userId.slice(-8)}` }, { as: creator });
    const refused = await second();
    expect(errorOf(refused)).toMatchObject({ status: 'FAILED_PRECONDITION', message: MESSAGES.stores.limitReached });
    expect((await call('setFeatureFlag', { name: 'multiStore', enabled: true, reason: 'resolved' })).statusCode).toBe(200);
    expect((await second()).statusCode).toBe(200);
  });

  it('a change made elsewhere (the CLI, another server) reaches this server over NOTIFY', async () => {
    const creator = await signedInCreator(t);
    const storeId = await firstStore(creator);
    const enabled = async () => (await callFunction(t.app, 'getStoreDomains', { storeId }, { as: creator })).json().result.customDomainsEnabled;
    expect(await enabled()).toBe(false);
    // Written behind the app's back, without NOTIFY: the cached value still answers.
    await t.db.insert(featureFlags).values({ name: 'customDomains', enabled: true });
    expect(await enabled()).toBe(false);
    await t.db.execute(sql`select pg_notify('feature_flags_changed', 'customDomains')`);
    await expect.poll(enabled, { timeout: 5_000 }).toBe(true);
  });
});

async function firstStore(creator: TestCreator): Promise<string> {
  const slug = `store-${creator.userId.slice(-10)}`;
  const created = await callFunction(t.app, 'createStoreWithTenant', { storeName: 'My Store', slug }, { as: creator });
  expect(created.statusCode).toBe(200);
  const [row] = await t.db.select({ id: users.activeStoreId }).from(users).where(eq(users.id, creator.userId));
  return created.json().result.id ?? row?.id;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_CONFIG_MESSAGES } from '@shopfront/core';
import { readFeatureFlags } from '../domain/platform/read-feature-flags.ts';
import { readMaintenance } from '../domain/platform/read-maintenance.ts';
import { auditRows, insertUser, userRow } from '../testing/users.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { seedStorefront } from '../testing/seed-storefront.ts';
import { jobs, mfaFactors, mfaRecoveryCodes, sessions, storeEmailSettings } from '../db/schema/index.ts';
import { createSession } from '../identity/sessions.ts';
import { replaceRecoveryCodes } from '../identity/recovery-codes.ts';
import { PLATFORM_REALM } from '../identity/limits.ts';
import { eq, sql } from 'drizzle-orm';
import { runAdminCli, runAdminProcess } from './cli-fixtures.ts';

// The CLI's commands against this file's cloned test database (DATABASE_URL), in this process; the
// last test runs the real process for each exit code.
let database: TestDatabase;
let ada: string;
beforeAll(async () => {
  database = await createTestDatabase();
  ada = await insertUser(database.db, 'ada@example.com');
});
afterAll(() => database.drop());

const cli = (...args: string[]) => runAdminCli(args, { DATABASE_URL: database.connectionString });

describe('npm run admin', () => {
  it('grant <email> --reason makes the user admin, audits it as the cli, and says so', async () => {
    const result = await cli('grant', 'Ada@Example.com', '--reason', 'first admin of the install');
    expect(result).toEqual({ code: 0, stdout: 'ada@example.com is now an admin (recorded in the admin audit log).\n', stderr: '' });
    expect((await userRow(database.db, ada)).isAdmin).toBe(true);
    expect(await auditRows(database.db)).toEqual([{ actorId: 'cli', targetId: ada, action: 'grant-admin', reason: 'first admin of the install' }]);
  });

  it('list prints the admins; revoke refuses the last admin and exits 1', async () => {
    expect(await cli('list')).toEqual({ code: 0, stdout: `Admins (1):\n  ada@example.com  ${ada}\n`, stderr: '' });
    const revoke = await cli('revoke', 'ada@example.com');
    expect(revoke).toEqual({ code: 1, stdout: '', stderr: 'Error: The last admin cannot be revoked. Grant admin to another user first.\n' });
    expect((await userRow(database.db, ada)).isAdmin).toBe(true);
  });

  it('exits 1 with a clear message for an unknown email, and changes nothing', async () => {
    const before = (await auditRows(database.db)).length;
    const result = await cli('grant', 'nobody@example.com');
    expect(result).toEqual({ code: 1, stdout: '', stderr: 'Error: No user with the email "nobody@example.com". They need to sign up first.\n' });
    expect(await auditRows(database.db)).toHaveLength(before);
  });

  it('plan sets the plan; an unknown plan exits 1 naming the valid plans', async () => {
    expect(await cli('plan', 'ada@example.com', 'creator')).toMatchObject({
      code: 0,
      stdout: 'ada@example.com is now on the creator plan (was free; recorded in the admin audit log).\n',
    });
    expect((await userRow(database.db, ada)).planId).toBe('creator');
    expect(await cli('plan', 'ada@example.com', 'enterprise')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: Unknown plan "enterprise". Plans: free, side-hustle, creator, boss.\n',
    });
    expect((await userRow(database.db, ada)).planId).toBe('creator');
  });

  it('flag <name> on|off switches a feature flag for the platform and audits the change', async () => {
    const flags = () => readFeatureFlags(database.db);
    expect((await flags()).customDomains).toBe(false);
    const before = (await auditRows(database.db)).length;

    expect(await cli('flag', 'customDomains', 'on', '--reason', 'e2e')).toEqual({
      code: 0,
      stdout: 'customDomains is now on (was off; recorded in the admin audit log).\n',
      stderr: '',
    });
    expect(await flags()).toMatchObject({ customDomains: true, multiStore: true });
    expect(await cli('flag', 'customDomains', 'on')).toMatchObject({ code: 0, stdout: 'customDomains is already on; nothing changed.\n' });
    expect(await cli('flag', 'customDomains', 'off')).toMatchObject({ code: 0, stdout: 'customDomains is now off (was on; recorded in the admin audit log).\n' });
    expect((await flags()).customDomains).toBe(false);
    expect((await auditRows(database.db)).slice(before)).toEqual([
      { actorId: 'cli', targetId: 'customDomains', action: 'set-feature-flag', reason: 'off → on: e2e' },
      { actorId: 'cli', targetId: 'customDomains', action: 'set-feature-flag', reason: 'on → off' },
    ]);
  });

  it('flag refuses an unknown flag (exit 1) and a value other than on/off (exit 2), changing nothing', async () => {
    const before = (await auditRows(database.db)).length;
    expect(await cli('flag', 'darkMode', 'on')).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('Error: Unknown flag "darkMode". Flags: ') });
    expect(await cli('flag', 'customDomains', 'true')).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('Error: flag takes on or off, not "true"') });
    expect((await readFeatureFlags(database.db)).customDomains).toBe(false);
    expect(await auditRows(database.db)).toHaveLength(before);
  });

  it('email-resume lets a store paused for complaints send again, audited; an unpaused or unknown store changes nothing', async () => {
    const { storeId } = await seedStorefront(database.db, { slug: 'paused-mail' });
    await database.db.insert(storeEmailSettings).values({ storeId, pausedAt: new Date('2030-01-01T00:00:00Z'), pausedReason: 'Complaints passed 0.3%' });
    const before = (await auditRows(database.db)).length;

    expect(await cli('email-resume', 'paused-mail', '--reason', 'list cleaned')).toMatchObject({ code: 0, stdout: expect.stringContaining('paused-mail can send email again') });
    const [settings] = await database.db.select().from(storeEmailSettings).where(eq(storeEmailSettings.storeId, storeId));
    expect(settings).toMatchObject({ pausedAt: null, pausedReason: null });
    expect((await auditRows(database.db)).slice(before)).toEqual([{ actorId: 'cli', targetId: storeId, action: 'resume-store-email', reason: 'list cleaned' }]);

    expect(await cli('email-resume', 'paused-mail')).toMatchObject({ code: 0, stdout: 'paused-mail is not paused; nothing changed.\n' });
    expect(await cli('email-resume', 'no-such-store')).toMatchObject({ code: 1, stderr: expect.stringContaining('Store not found') });
    expect(await auditRows(database.db)).toHaveLength(before + 1);
  });

  it("analytics-rebuild recomputes a store's rollups from its raw events; an unknown store is refused", async () => {
    const { storeId } = await seedStorefront(database.db, { slug: 'rebuild-me' });
    await database.db.execute(sql`
      insert into analytics_events (occurred_at, store_id, local_day, type, visitor)
      values ('2026-11-20T10:00:00Z', ${storeId}, '2026-11-20', 'storefront_view', 7), ('2026-11-20T10:01:00Z', ${storeId}, '2026-11-20', 'storefront_view', 7)`);
    await database.db.execute(sql`
      insert into analytics_visits (store_id, local_day, visitor, first_seen_at, viewed_store) values (${storeId}, '2026-11-20', 7, '2026-11-20T10:00:00Z', 1)`);
    // A rollup row that disagrees with the raw events: the rebuild replaces it.
    await database.db.execute(sql`insert into analytics_daily (store_id, day, dimension, value, views) values (${storeId}, '2026-11-20', 'all', '', 99)`);

    expect(await cli('analytics-rebuild', 'rebuild-me')).toMatchObject({ code: 0, stdout: expect.stringContaining('rebuild-me: analytics rollups rebuilt') });
    const { rows } = await database.db.execute<{ views: number; visitors: number }>(
      sql`select views, visitors from analytics_daily where store_id = ${storeId} and dimension = 'all'`,
    );
    expect(rows).toEqual([{ views: 2, visitors: 1 }]);
    expect(await cli('analytics-rebuild', 'no-such-store')).toMatchObject({ code: 1, stderr: expect.stringContaining('Store not found') });
  });

  it('reset-2fa removes the factor and its recovery codes, ends every session, audits and emails; it needs --reason', { timeout: 60_000 }, async () => {
    const grace = await insertUser(database.db, 'grace@example.com');
    const other = await insertUser(database.db, 'other@example.com');
    const now = new Date();
    const secretEnv = { appSecret: 'a test secret that is long enough for the hmac key', dataDir: '/nonexistent' };
    for (const userId of [grace, other]) {
      await database.db.insert(mfaFactors).values({ userId, secret: 'sealed', enabledAt: now });
      await replaceRecoveryCodes(database.db, secretEnv, { userId, now });
      await createSession(database.db, { realm: PLATFORM_REALM, userId, mfaVerified: true, now });
      await createSession(database.db, { realm: PLATFORM_REALM, userId, now });
    }
    const count = async (userId: string) => ({
      factors: (await database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId))).length,
      codes: (await database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId))).length,
      sessions: (await database.db.select().from(sessions).where(eq(sessions.userId, userId))).length,
    });
    const emailsTo = async (to: string) =>
      (await database.db.select({ payload: jobs.payload }).from(jobs).where(sql`${jobs.payload} -> 'message' ->> 'to' = ${to}`)).map(
        (row) => (row.payload as { message: { subject: string; text: string } }).message,
      );
    const before = (await auditRows(database.db)).length;

    const noReason = await cli('reset-2fa', 'grace@example.com');
    expect(noReason).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('reset-2fa needs --reason') });
    expect(await count(grace)).toEqual({ factors: 1, codes: 10, sessions: 2 });

    expect(await cli('reset-2fa', 'Grace@Example.com', '--reason', 'lost phone and codes; ID checked on call #4521')).toEqual({
      code: 0,
      stdout: 'grace@example.com: two-step verification and recovery codes removed, every session ended, owner emailed (recorded in the admin audit log).\n',
      stderr: '',
    });
    expect(await count(grace)).toEqual({ factors: 0, codes: 0, sessions: 0 });
    expect(await count(other)).toEqual({ factors: 1, codes: 10, sessions: 2 });
    expect((await auditRows(database.db)).slice(before)).toEqual([
      { actorId: 'cli', targetId: grace, action: 'reset-mfa', reason: 'lost phone and codes; ID checked on call #4521' },
    ]);
    const [mail, ...more] = await emailsTo('grace@example.com');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Two-step verification was removed from your Shopfront account');
    expect(mail?.text).not.toContain('4521'); // the operator's reason stays in the audit log
    expect(await emailsTo('other@example.com')).toEqual([]);

    expect(await cli('reset-2fa', 'grace@example.com', '--reason', 'again')).toMatchObject({
      code: 0,
      stdout: 'grace@example.com has no two-step verification; nothing changed.\n',
    });
    expect(await cli('reset-2fa', 'nobody@example.com', '--reason', 'x')).toMatchObject({
      code: 1,
      stderr: 'Error: No user with the email "nobody@example.com". They need to sign up first.\n',
    });
    expect(await auditRows(database.db)).toHaveLength(before + 1);
  });

  it('maintenance on|off blocks and reopens signups through the shared domain path, audited as the cli', { timeout: 60_000 }, async () => {
    const before = (await auditRows(database.db)).length;
    expect(await cli('maintenance', 'on')).toMatchObject({ code: 1, stderr: `Error: ${PLATFORM_CONFIG_MESSAGES.messageRequired}\n` });
    expect(await cli('maintenance', 'on', '--message', 'Soon.', '--ends-at', '2000-01-01T00:00:00Z')).toMatchObject({
      code: 1,
      stderr: `Error: ${PLATFORM_CONFIG_MESSAGES.endsAtInPast}\n`,
    });
    expect((await readMaintenance(database.db, new Date())).maintenanceMode).toBe(false);

    const endsAt = new Date(Date.now() + 86_400_000).toISOString();
    expect(await cli('maintenance', 'on', '--message', 'Back tomorrow.', '--ends-at', endsAt, '--reason', 'migration')).toEqual({
      code: 0,
      stdout: `Maintenance is on until ${endsAt}: signups are refused, sign-in keeps working (recorded in the admin audit log).\n`,
      stderr: '',
    });
    expect(await readMaintenance(database.db, new Date())).toMatchObject({ inEffect: true, signupsOpen: false, shownMessage: 'Back tomorrow.', endsAt, enabledBy: null });
    expect(await cli('maintenance', 'off')).toMatchObject({ code: 0, stdout: 'Maintenance is off: signups are open again (recorded in the admin audit log).\n' });
    expect(await readMaintenance(database.db, new Date())).toMatchObject({ maintenanceMode: false, signupsOpen: true, enabledAt: null, endsAt: null });
    expect((await auditRows(database.db)).slice(before)).toEqual([
      { actorId: 'cli', targetId: 'maintenance', action: 'set-maintenance', reason: 'migration' },
      { actorId: 'cli', targetId: 'maintenance', action: 'set-maintenance', reason: null },
    ]);
  });
});

// Three real processes, one after another: a minute, as for the other tests that start processes.
describe('the npm run admin process', () => {
  it('prints the same answers and exits 0, 1 and 2 as the command does', { timeout: 60_000 }, async () => {
    const env = { DATABASE_URL: database.connectionString };
    const ok = await runAdminProcess(['list'], env);
    expect(ok).toEqual(await cli('list'));
    expect(ok.code).toBe(0);
    expect(await runAdminProcess(['grant', 'nobody@example.com'], env)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: No user with the email "nobody@example.com". They need to sign up first.\n',
    });
    expect(await runAdminProcess(['flag', 'customDomains', 'true'], env)).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('Error: flag takes on or off, not "true"') });
  });
});

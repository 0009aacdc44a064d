import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, rateLimits, sessions, users, verificationCodes } from '../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { AUTH_TOKEN_KINDS, createAuthToken } from './auth-tokens.ts';
import { PLATFORM_REALM } from './limits.ts';
import { purgeExpiredIdentityRows } from './purge-expired.ts';
import { createSession } from './sessions.ts';

describe('purgeExpiredIdentityRows', () => {
  let t: TestDatabase;
  const now = new Date('2030-06-01T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MINUTE = 60_000;
  const DAY = 24 * 60 * MINUTE;

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t?.drop());

  it('deletes only what can no longer matter', async () => {
    await t.db.insert(users).values({ id: 'usr_a', email: 'a@example.com' });
    const session = (at: Date) => createSession(t.db, { realm: PLATFORM_REALM, userId: 'usr_a', now: at });
    await session(ago(30 * DAY)); // expires exactly now
    await session(ago(30 * DAY - MINUTE)); // still live
    const code = (email: string, expiresAt: Date) =>
      t.db.insert(verificationCodes).values({ id: `vc_${email}`, email, purpose: 'signup', codeHash: 'h', expiresAt });
    await code('old@example.com', ago(31 * MINUTE));
    await code('verified@example.com', ago(29 * MINUTE)); // its signup window may still be open
    const token = (at: Date) => createAuthToken(t.db, { kind: AUTH_TOKEN_KINDS.emailLink, realm: PLATFORM_REALM, ttlMs: 15 * MINUTE, now: at });
    await token(ago(15 * MINUTE));
    await token(ago(14 * MINUTE));
    await t.db.insert(rateLimits).values([
      { key: 'k', windowStart: ago(2 * DAY + 1), count: 3 },
      { key: 'k', windowStart: ago(DAY), count: 3 },
    ]);

    expect(await purgeExpiredIdentityRows(t.db, now)).toEqual({ sessions: 1, codes: 1, tokens: 1, rateLimits: 1 });
    expect(await t.db.select().from(sessions)).toHaveLength(1);
    expect((await t.db.select().from(verificationCodes)).map((row) => row.email)).toEqual(['verified@example.com']);
    expect(await t.db.select().from(authTokens)).toHaveLength(1);
    expect(await t.db.select().from(rateLimits)).toHaveLength(1);
  });
});

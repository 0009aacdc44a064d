import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, enrolledCreator, wrongTotpCode } from './functions/auth/auth-fixtures.ts';
import { ANALYTICS_EVENTS_PATH } from './http/routes/analytics/analytics-routes.ts';
import { MFA_FAILURES_PER_ACCOUNT } from './identity/limits.ts';
import { CHROME_UA } from './testing/analytics-events.ts';
import { WEB_APP, callFunction, errorOf } from './testing/call-function.ts';
import { manualClock } from './testing/clock.ts';
import { queuedEmails } from './testing/emails.ts';
import { seedStorefront } from './testing/seed-storefront.ts';
import type { TestApp } from './testing/test-app.ts';
import { startTwoDashboardServers } from './testing/two-dashboard-servers.ts';

/**
 * Limits that protect people count in PostgreSQL, so several server processes on one database
 * refuse exactly what one would (docs/security-limits.md). Two apps, each with its own memory,
 * share one database and one clock; each scenario runs on one of them, then spread over both for
 * another account or address, and the answers must be the same, attempt by attempt.
 */
const HOUR = 60 * 60_000;
const clock = manualClock(new Date('2031-03-01T00:00:00.000Z'));
const startOfNextHour = () => clock.set(new Date((Math.floor(clock.now().getTime() / HOUR) + 2) * HOUR));

let t: TestApp;
let second: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, second, close } = await startTwoDashboardServers({ now: clock.now, analytics: { nowMs: () => clock.now().getTime() } }));
});
afterAll(() => close?.());

describe('50 wrong TOTP codes', () => {
  /**
   * 50 wrong codes from one address, 4 per challenge, a new challenge every 3 minutes (so the
   * password throttle, 5 per 15 min, never refuses a sign-in); attempt n goes to servers[n % length].
   */
  async function fiftyWrongCodes(servers: FastifyInstance[], creator: { email: string; key: Uint8Array }, ip: string): Promise<string[]> {
    startOfNextHour();
    const outcomes: string[] = [];
    let mfaToken = '';
    for (let attempt = 0; attempt < 50; attempt++) {
      const server = servers[attempt % servers.length]!;
      if (attempt % 4 === 0) {
        clock.advance(attempt === 0 ? 0 : 3 * 60_000);
        const signedIn = await callFunction(server, 'signInWithPassword', { email: creator.email, password: STRONG_PASSWORD }, { as: WEB_APP, remoteAddress: ip });
        expect(signedIn.json().result?.status, signedIn.body).toBe('mfa-required');
        mfaToken = signedIn.json().result.mfaToken;
      }
      const code = wrongTotpCode(creator.key, clock.now());
      const answer = await callFunction(server, 'completeMfaSignIn', { mfaToken, code }, { as: WEB_APP, remoteAddress: ip });
      outcomes.push(`${answer.statusCode} ${errorOf(answer).message}`);
    }
    return outcomes;
  }
  const lockoutEmails = async (email: string) => (await queuedEmails(t, email)).filter((mail) => mail.tags?.includes('mfa-lockout')).length;

  it('are refused across two servers exactly as on one: the same attempt gets the lockout', async () => {
    const alone = await enrolledCreator(t, 'one-server@example.com', clock.now);
    const spread = await enrolledCreator(t, 'two-servers@example.com', clock.now);

    const onOne = await fiftyWrongCodes([t.app], alone, '203.0.113.50');
    const onTwo = await fiftyWrongCodes([t.app, second], spread, '203.0.113.51');

    expect(onTwo).toEqual(onOne);
    const refused = onOne.map((outcome, index) => (outcome.startsWith('429') ? index + 1 : 0)).filter(Boolean);
    expect(refused[0]).toBe(MFA_FAILURES_PER_ACCOUNT + 1); // attempt 11, whichever server it reaches
    // Each 15-minute window checks 10 codes; the address's 30 an hour are used up by the third.
    expect(onOne.filter((outcome) => outcome.startsWith('400'))).toHaveLength(30);
    expect(await lockoutEmails(spread.email)).toBe(await lockoutEmails(alone.email));
    expect(await lockoutEmails(alone.email)).toBeGreaterThan(0);
  });
});

describe('analytics beacons per address', () => {
  it('are refused across two servers exactly as on one (60 events a minute)', async () => {
    startOfNextHour();
    const { storeId } = await seedStorefront(t.db, { slug: 'beacons-across' });
    const twenty = JSON.stringify({ s: storeId, e: Array.from({ length: 20 }, () => ({ t: 'storefront_view' })) });
    const send = async (servers: FastifyInstance[], ip: string) => {
      const statuses: number[] = [];
      for (let request = 0; request < 5; request++) {
        const response = await servers[request % servers.length]!.inject({
          method: 'POST',
          url: ANALYTICS_EVENTS_PATH,
          remoteAddress: ip,
          headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME_UA },
          payload: twenty,
        });
        statuses.push(response.statusCode);
      }
      return statuses;
    };
    const onOne = await send([t.app], '198.51.100.60');
    expect(onOne).toEqual([204, 204, 204, 429, 429]);
    expect(await send([t.app, second], '198.51.100.61')).toEqual(onOne);
  });
});

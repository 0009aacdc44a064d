import { lt, lte } from 'drizzle-orm';
import { authTokens, rateLimits, sessions, verificationCodes } from '../db/schema/index.ts';
import type { Executor } from '../db/executor.ts';
import { DAY_MS, SIGNUP_VERIFICATION_TTL_MS } from './limits.ts';

/**
 * Deletes identity rows that can no longer matter: expired sessions and single-use tokens, codes
 * past their signup window, and rate-limit windows older than the longest window (a day). Meant
 * for a periodic job; every read path already ignores these rows.
 */
export async function purgeExpiredIdentityRows(db: Executor, now: Date) {
  const codesBefore = new Date(now.getTime() - SIGNUP_VERIFICATION_TTL_MS);
  const windowsBefore = new Date(now.getTime() - 2 * DAY_MS);
  const [expiredSessions, codes, tokens, windows] = [
    await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id }),
    await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, codesBefore)).returning({ id: verificationCodes.id }),
    await db.delete(authTokens).where(lte(authTokens.expiresAt, now)).returning({ hash: authTokens.tokenHash }),
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, windowsBefore)).returning({ key: rateLimits.key }),
  ];
  return { sessions: expiredSessions.length, codes: codes.length, tokens: tokens.length, rateLimits: windows.length };
}

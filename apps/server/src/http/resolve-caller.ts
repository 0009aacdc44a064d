import { AppError, MESSAGES } from '@shopfront/core';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Caller } from '../functions/types.ts';
import { PLATFORM_REALM } from '../identity/limits.ts';
import { findPlatformSession, revokeAllSessions } from '../identity/sessions.ts';
import { readSessionToken } from './session-cookie.ts';

/**
 * The single hook that turns a request into a caller: `Authorization: Bearer` first, else the
 * session cookie. Unknown or expired sessions are anonymous. A disabled account loses every
 * session at once and is refused (SECURITY "Disabled accounts").
 */
export async function resolveCaller(request: FastifyRequest, deps: { db: Database; now: () => Date }): Promise<Caller | null> {
  const token = readSessionToken(request.headers);
  if (!token) return null;
  const session = await findPlatformSession(deps.db, token, deps.now());
  if (!session) return null;
  const { user } = session;
  if (!user.isActive) {
    await revokeAllSessions(deps.db, { realm: PLATFORM_REALM, userId: user.id });
    throw new AppError('permission-denied', MESSAGES.auth.userDisabled);
  }
  return { kind: 'creator', userId: user.id, isAdmin: user.isAdmin };
}

import { AppError, ID_PREFIXES, isWellFormedId, MESSAGES } from '@shopfront/core';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import type { Caller } from '#src/functions/types.ts';
import { PLATFORM_REALM } from '#src/identity/limits.ts';
import { findCustomerSession } from '#src/domain/members/customer-session.ts';
import type { StoreColumns } from '#src/identity/platform-session-query.ts';
import { findPlatformSession, revokeAllSessions, type PlatformSession } from '#src/identity/sessions.ts';
import type { KeptAnswerStore, StoreRow } from '#src/db/schema/index.ts';
import { readCustomerSessionToken, readSessionToken } from '../session-cookie.ts';

/**
 * The single hook that turns a request into a caller: `Authorization: Bearer` first, else the
 * session cookie. Unknown or expired sessions are anonymous. A disabled account loses every
 * session at once and is refused (SECURITY "Disabled accounts"). `storeColumns: 'key'` reads only
 * the key of the store the data names (a call that may be answered from memory).
 */
export async function resolveCaller(
  request: Pick<FastifyRequest, 'headers'>,
  deps: { db: Database; now: () => Date },
  data?: unknown,
  storeColumns: StoreColumns = 'row',
): Promise<Caller | null> {
  const token = readSessionToken(request.headers);
  if (!token) return null;
  const storeId = wellFormedStoreIdOf(data);
  const session = await findPlatformSession(deps.db, token, deps.now(), storeId, storeColumns);
  if (!session) return null;
  if (!session.user.isActive) {
    await revokeAllSessions(deps.db, { realm: PLATFORM_REALM, userId: session.user.id });
    throw new AppError('permission-denied', MESSAGES.auth.userDisabled);
  }
  return creatorCaller(session, storeId);
}

/** The caller an active creator's session makes, with the store `storeId` names as the session's statement read it. */
export function creatorCaller(session: PlatformSession<StoreRow | KeptAnswerStore>, storeId: string | null): Caller {
  const { user, mfaVerified } = session;
  const caller: Caller = { kind: 'creator', userId: user.id, isAdmin: user.isAdmin, mfaVerified, user };
  if (storeId) {
    const { ownedStore: row, countersVersion } = session;
    // Whatever was asked, a row read in a transaction is whole (sessions.ts); a key-only read has no slug.
    caller.ownedStore = row === null || 'slug' in row ? { storeId, columns: 'row', row, countersVersion } : { storeId, columns: 'key', row, countersVersion };
  }
  return caller;
}

/** The `storeId` of a call's raw `data` when it is a well-formed store id (the contract still checks the input). */
export function wellFormedStoreIdOf(data: unknown): string | null {
  const storeId = data && typeof data === 'object' && !Array.isArray(data) ? (data as { storeId?: unknown }).storeId : undefined;
  return isWellFormedId(storeId, ID_PREFIXES.store) ? storeId : null;
}

/**
 * The caller of a customer function is the customer session of THE store the input
 * names (its `sfc_<storeId>` cookie or a Bearer token), in that store's tenant realm. A creator's
 * session, the `sf_session` cookie and another store's customer are all anonymous here.
 */
export async function resolveCustomerCaller(
  request: FastifyRequest,
  deps: { db: Database; now: () => Date },
  storeId: string | null,
): Promise<Caller | null> {
  if (!storeId) return null;
  const token = readCustomerSessionToken(request.headers, storeId);
  if (!token) return null;
  const session = await findCustomerSession(deps.db, { storeId, token, now: deps.now() });
  if (!session) return null;
  return { kind: 'customer', customerId: session.customer.id, storeId, tenantId: session.tenantId };
}

/**
 * The `storeId` of a customer function's raw `data`, before the contract parses it: it picks the
 * session cookie and the database query, so a malformed id is a 400 here already.
 */
export function storeIdOfInput(data: unknown): string {
  const storeId = data && typeof data === 'object' ? (data as { storeId?: unknown }).storeId : undefined;
  if (!isWellFormedId(storeId, ID_PREFIXES.store)) throw new AppError('invalid-argument', MESSAGES.generic.invalidArgument);
  return storeId;
}

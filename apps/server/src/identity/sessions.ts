import { and, eq, sql } from 'drizzle-orm';
import { newId } from '../db/ids.ts';
import { mfaFactors, sessions, storeCounters, stores, users, type KeptAnswerStore, type StoreRow, type UserRow } from '../db/schema/index.ts';
import type { Executor } from '../db/executor.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { queryPlatformSession, type StoreColumns } from './platform-session-query.ts';
import { PLATFORM_REALM, SESSION_TTL_MS } from './limits.ts';
import { hashToken, newSecretToken } from './tokens.ts';

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/**
 * A new opaque session (SECURITY "Sessions": ≥ 128 random bits, stored hashed, new on every
 * sign-in, 30-day expiry). Only the caller ever sees the token.
 */
export async function createSession(
  db: Executor,
  options: { realm: string; userId: string; userAgent?: string | null; ip?: string | null; mfaVerified?: boolean; now: Date },
): Promise<NewSession> {
  const token = newSecretToken();
  const expiresAt = new Date(options.now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    id: newId('ses'),
    tokenHash: hashToken(token),
    realm: options.realm,
    userId: options.userId,
    expiresAt,
    lastSeenAt: options.now,
    userAgent: options.userAgent?.slice(0, 512) ?? null,
    ip: options.ip ?? null,
    mfaVerifiedAt: options.mfaVerified ? options.now : null,
    createdAt: options.now,
  });
  return { token, expiresAt };
}

/** Records that this session proved the second factor (TOTP enrolled in it). */
export async function markSessionMfaVerified(db: Executor, token: string, now: Date): Promise<void> {
  await db.update(sessions).set({ mfaVerifiedAt: now }).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends one session; with `realm`, only if the token belongs to that realm (a store's customers). */
export async function revokeSession(db: Executor, token: string, realm?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), realm === undefined ? undefined : eq(sessions.realm, realm)));
}

/** Sign-out everywhere: password change or reset, deactivation. */
export async function revokeAllSessions(db: Executor, options: { realm: string; userId: string }): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.realm, options.realm), eq(sessions.userId, options.userId)));
}

/** The session, its user and the MFA state: every callable's first query (the caller). */
const sessionColumns = { expiresAt: sessions.expiresAt, mfaVerifiedAt: sessions.mfaVerifiedAt, user: users, mfaEnabledAt: mfaFactors.enabledAt };
const sessionWhere = and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), eq(sessions.realm, PLATFORM_REALM));

/** Named statements (db/prepared-query.ts): parsed and planned once per connection. */
const platformSessionQuery = preparedQuery((db) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(mfaFactors, eq(mfaFactors.userId, users.id))
    .where(sessionWhere)
    .limit(1)
    .prepare('find_platform_session'),
);

/**
 * The same, with the store the call names if this user owns it: nearly every dashboard call
 * checks that next, and one round trip instead of two is most of what such a call costs the
 * server (docs/selling.md "At 100,000 orders"). With it, the row versions (`xmin`) of the store's
 * counters kept on write: a kept dashboard answer made of them is good only while they are the same.
 */
const platformSessionWithStoreQuery = preparedQuery((db) =>
  db
    .select({
      ...sessionColumns,
      ownedStore: stores,
      // The versions of the store's counter rows (decision 040): they change with every order and customer.
      countersVersion: sql<string | null>`(select string_agg(c.xmin::text, ',' order by c.shard) from ${storeCounters} c where c.store_id = ${stores.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(mfaFactors, eq(mfaFactors.userId, users.id))
    .leftJoin(stores, and(eq(stores.id, sql.placeholder('storeId')), eq(stores.creatorId, users.id)))
    .where(sessionWhere)
    .limit(1)
    .prepare('find_platform_session_with_store'),
);

/** A creator's session as findPlatformSession reads it: the owned store is whole unless only its key was asked for. */
export interface PlatformSession<S extends KeptAnswerStore = StoreRow> {
  user: UserRow & { mfaEnabled: boolean };
  mfaVerified: boolean;
  ownedStore: S | null;
  /** With the owned store: the versions of its counter rows ('' when it has none yet); else null. */
  countersVersion: string | null;
}
/**
 * The creator session a token names, with its user and MFA state in the same query (every
 * callable resolves its caller here, so getCurrentUser needs no second read), and the store
 * `storeId` names when this user owns it (else null): its whole row, or with `storeColumns: 'key'`
 * at least KeptAnswerStore's columns; null when unknown or expired.
 * Store customers' sessions (tenant realms) never match here: see findRealmSession.
 */
export async function findPlatformSession(db: Executor, token: string, now: Date, storeId?: string | null, storeColumns?: 'row'): Promise<PlatformSession | null>;
export async function findPlatformSession(
  db: Executor,
  token: string,
  now: Date,
  storeId: string | null,
  storeColumns: StoreColumns,
): Promise<PlatformSession<StoreRow | KeptAnswerStore> | null>;
export async function findPlatformSession(
  db: Executor,
  token: string,
  now: Date,
  storeId: string | null = null,
  storeColumns: StoreColumns = 'row',
): Promise<PlatformSession<StoreRow | KeptAnswerStore> | null> {
  const tokenHash = hashToken(token);
  let ownedStore: StoreRow | KeptAnswerStore | null = null;
  let countersVersion: string | null = null;
  let row: { expiresAt: Date; mfaVerifiedAt: Date | null; mfaEnabledAt: Date | null; user: UserRow } | undefined;
  const mapped = await queryPlatformSession(db, { tokenHash, storeId, realm: PLATFORM_REALM, storeColumns });
  if (mapped) {
    row = mapped.row;
    ownedStore = mapped.row?.ownedStore ?? null;
    countersVersion = ownedStore ? (mapped.row?.countersVersion ?? '') : null;
  } else if (storeId) {
    // In a transaction: drizzle's statement, with the whole row whichever columns were asked for.
    const [found] = await platformSessionWithStoreQuery(db).execute({ tokenHash, storeId });
    row = found;
    ownedStore = found?.ownedStore ?? null;
    countersVersion = ownedStore ? (found?.countersVersion ?? '') : null;
  } else {
    [row] = await platformSessionQuery(db).execute({ tokenHash });
  }
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  const mfaEnabled = row.mfaEnabledAt !== null;
  return { user: { ...row.user, mfaEnabled }, mfaVerified: mfaEnabled && row.mfaVerifiedAt !== null, ownedStore, countersVersion };
}

/**
 * A live session of one realm (a store's tenant, whose users are its customers); null
 * when unknown, of another realm, or expired. Platform tokens never match a tenant realm.
 */
export async function findRealmSession(db: Executor, token: string, realm: string, now: Date): Promise<{ userId: string } | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.realm, realm)))
    .limit(1);
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  return { userId: row.userId };
}

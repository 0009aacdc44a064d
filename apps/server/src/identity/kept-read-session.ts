import pg from 'pg';
import type { KeptAnswerStore } from '../db/schema/index.ts';
import type { Executor } from '../db/executor.ts';
import { PLATFORM_REALM } from './limits.ts';
import { COUNTERS_VERSION, OWNED_STORE } from './platform-session-query.ts';
import { hashToken } from './tokens.ts';

/**
 * What a kept read answered from memory needs of its session (http/callable/kept-read-lane.ts):
 * who calls, whether the account is active, the store the call names when this user owns it (its
 * key), and the versions of that store's counter rows. Kept reads are for creators: admin access,
 * which needs the MFA state, is left to the endpoint's statement.
 */
export interface KeptReadSession {
  userId: string;
  isActive: boolean;
  /** Null when the store does not exist or another creator owns it. */
  ownedStore: KeptAnswerStore | null;
  countersVersion: string | null;
}

/**
 * The session statement of sessions.ts, cut to KeptReadSession as one text column: the user's
 * whole row as JSON, MFA and six columns, each described, parsed and decoded by pg, were most of
 * what the session cost a call answered from memory (docs/selling.md "At 100,000 orders"). Expiry
 * is judged against the caller's clock (`$4`), as findPlatformSession judges it.
 */
const KEPT_READ_SESSION =
  `select json_build_array(s."expires_at" > $4::timestamptz, u."id", u."is_active", st."id", st."creator_id", st."time_zone", ${COUNTERS_VERSION})::text ` +
  `from "sessions" s join "users" u on u."id" = s."user_id" ${OWNED_STORE}`;

type Row = [live: boolean, userId: string, isActive: boolean, storeId: string | null, creatorId: string | null, timeZone: string | null, countersVersion: string | null];

/**
 * The live platform session `token` names, cut to what a kept read needs, with the store `storeId`
 * names when this user owns it. Null when the token is unknown or expired (an expired session is
 * deleted by findPlatformSession, on the endpoint's path), and when `db` is not the pool (a
 * transaction), whose caller then takes the endpoint's path.
 */
export async function findKeptReadSession(db: Executor, token: string, now: Date, storeId: string): Promise<KeptReadSession | null> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return null;
  const { rows } = await client.query<[string]>({
    name: 'find_kept_read_session',
    text: KEPT_READ_SESSION,
    values: [hashToken(token), PLATFORM_REALM, storeId, now.toISOString()],
    rowMode: 'array',
  });
  if (!rows[0]) return null;
  const [live, userId, isActive, ownedId, creatorId, timeZone, countersVersion] = JSON.parse(rows[0][0]) as Row;
  if (!live) return null;
  const ownedStore = ownedId === null ? null : { id: ownedId, creatorId: creatorId!, timeZone: timeZone! };
  return { userId, isActive, ownedStore, countersVersion: ownedStore ? (countersVersion ?? '') : null };
}

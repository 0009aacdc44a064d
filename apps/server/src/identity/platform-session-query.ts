import { getTableColumns, type Column } from 'drizzle-orm';
import pg from 'pg';
import { stores, users, type KeptAnswerStore, type StoreRow, type UserRow } from '../db/schema/index.ts';
import type { Executor } from '../db/executor.ts';

/** One row of the session statement: the session, its user, MFA, and the owned store with its counters' versions. */
export interface PlatformSessionRow<S extends KeptAnswerStore = StoreRow> {
  expiresAt: Date;
  mfaVerifiedAt: Date | null;
  mfaEnabledAt: Date | null;
  user: UserRow;
  ownedStore: S | null;
  countersVersion: string | null;
}

/** Which of the owned store's columns the statement reads: all of them, or KeptAnswerStore's. */
export type StoreColumns = 'row' | 'key';

type Decoder = [key: string, column: Column];
const decodersOf = (table: typeof users | typeof stores): Decoder[] => Object.entries(getTableColumns(table));
const USER = decodersOf(users);
const STORE = decodersOf(stores);

/**
 * The statement every dashboard call starts with (identity/sessions.ts findPlatformSession), as
 * the one drizzle built: the session by its token hash, its user, MFA state and, when `$3` names a
 * store this user owns, that store and the versions of its counter rows (decision 040). The user
 * and the store come as one JSON column each: pg describes, and makes a parser for, every column
 * of every row it receives, and 45 columns cost it more than parsing two JSON texts.
 */
const SESSION_FROM = `from "sessions" s join "users" u on u."id" = s."user_id" left join "mfa_factors" f on f."user_id" = u."id" `;
export const COUNTERS_VERSION = `(select string_agg(c.xmin::text, ',' order by c.shard) from "store_counters" c where c.store_id = st."id")`;
export const OWNED_STORE = `left join "stores" st on st."id" = $3 and st."creator_id" = u."id" where s."token_hash" = $1 and s."realm" = $2 limit 1`;
const WITH_STORE = `select s."expires_at", s."mfa_verified_at", f."enabled_at", row_to_json(u), row_to_json(st), ${COUNTERS_VERSION} ${SESSION_FROM}${OWNED_STORE}`;
/**
 * With only the store's key (a call the endpoint may answer from memory): its whole row as JSON
 * cost PostgreSQL and the server about a tenth of such a call (docs/selling.md "At 100,000 orders").
 */
const WITH_STORE_KEY =
  `select s."expires_at", s."mfa_verified_at", f."enabled_at", row_to_json(u), ` +
  `case when st."id" is null then null else json_build_array(st."id", st."creator_id", st."time_zone") end, ${COUNTERS_VERSION} ${SESSION_FROM}${OWNED_STORE}`;
/** Without a store (getCurrentUser, calls that name none): the same columns, nothing more to join. */
const WITHOUT_STORE =
  `select s."expires_at", s."mfa_verified_at", f."enabled_at", row_to_json(u), null::json, null::text ` +
  `${SESSION_FROM}where s."token_hash" = $1 and s."realm" = $2 limit 1`;

/** Instants as PostgreSQL's text, made Dates by the columns as drizzle does (so both read the same instant). */
const TIMESTAMPTZ = pg.types.builtins.TIMESTAMPTZ;
const asText = (value: string) => value;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ ? asText : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/** A row's JSON (keys are SQL names) as drizzle maps that table's row: each column's own mapFromDriverValue. */
function decode<T>(json: Record<string, unknown>, decoders: Decoder[]): T {
  const result: Record<string, unknown> = {};
  for (const [key, column] of decoders) {
    const value = json[column.name];
    result[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return result as T;
}

const instant = (value: unknown) => (value === null ? null : new Date(value as string));

/**
 * Runs the statement as a named one on the pool, mapping its row with decoders fixed once:
 * drizzle's own mapping checked every field's class on every row, and with pg's work on 45
 * columns that was about a fifth of what getCurrentUser cost the server (docs/selling.md "At
 * 100,000 orders"). Null when the executor is not the pool (a transaction): the caller then runs
 * drizzle's statement, which answers the same (platform-session-query.test.ts).
 */
export async function queryPlatformSession(
  db: Executor,
  values: { tokenHash: string; storeId: string | null; realm: string; storeColumns?: StoreColumns },
): Promise<{ row: PlatformSessionRow<StoreRow | KeptAnswerStore> | undefined } | null> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return null;
  const { tokenHash, storeId, realm } = values;
  const keyOnly = values.storeColumns === 'key';
  const { rows } = await client.query<unknown[]>(
    storeId === null
      ? { name: 'find_platform_session_mapped', text: WITHOUT_STORE, values: [tokenHash, realm], rowMode: 'array', types }
      : keyOnly
        ? { name: 'find_platform_session_with_store_key', text: WITH_STORE_KEY, values: [tokenHash, realm, storeId], rowMode: 'array', types }
        : { name: 'find_platform_session_with_store_mapped', text: WITH_STORE, values: [tokenHash, realm, storeId], rowMode: 'array', types },
  );
  const raw = rows[0];
  if (!raw) return { row: undefined };
  const store = raw[4] as Record<string, unknown> | [string, string, string] | null;
  return {
    row: {
      expiresAt: new Date(raw[0] as string),
      mfaVerifiedAt: instant(raw[1]),
      mfaEnabledAt: instant(raw[2]),
      user: decode<UserRow>(raw[3] as Record<string, unknown>, USER),
      ownedStore: store === null ? null : Array.isArray(store) ? { id: store[0], creatorId: store[1], timeZone: store[2] } : decode<StoreRow>(store, STORE),
      countersVersion: (raw[5] as string | null) ?? null,
    },
  };
}

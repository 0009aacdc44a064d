import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, createPool, type Database } from '../db/client.ts';
import { createLogger } from '../logger.ts';

export interface TestDatabase {
  name: string;
  connectionString: string;
  pool: pg.Pool;
  db: Database;
  /** Ends the pool and drops the database. */
  drop(): Promise<void>;
}

/** A fresh database cloned from the migrated template (CREATE DATABASE … TEMPLATE). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('postgresAdminUrl');
  const template = inject('postgresTemplateDatabase');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) =>
    client.query(`create database ${client.escapeIdentifier(name)} template ${client.escapeIdentifier(template)}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const connectionString = url.toString();
  const pool = createPool({ connectionString, log: createLogger({ logLevel: 'silent' }), max: 5 });
  return {
    name,
    connectionString,
    pool,
    db: createDb(pool),
    drop: async () => {
      await pool.end();
      await withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`),
      );
    },
  };
}

async function withAdminClient<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

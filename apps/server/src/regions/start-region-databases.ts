import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgresServer } from '../db/embedded-postgres.ts';
import { findFreePort } from '../db/free-port.ts';
import { runMigrations } from '../db/migrate.ts';
import { ensurePublication, ensureSubscription, installMirrorTriggers } from '../db/replication.ts';
import type { Logger } from '../logger.ts';

export interface RegionDatabases {
  /** us-central, the primary: every write goes here. */
  primaryUrl: string;
  /** sydney, the logical-replication subscriber. */
  mirrorUrl: string;
  /** Stops the sydney cluster (its data stays): an outage. */
  stopMirror(): Promise<void>;
  /** Starts it again on the same port; replication resumes where it stopped. */
  startMirror(): Promise<void>;
  stop(): Promise<void>;
}

export interface RegionDatabasesOptions {
  /** Each cluster lives in `${dir}/us-central` and `${dir}/sydney`, kept across starts. */
  dir: string;
  log: Logger;
  /** Extra `-c name=value` flags for both (tests turn durability off). */
  postgresFlags?: string[];
}

/**
 * Two embedded PostgreSQL clusters on one machine, as `npm run dev:regions`, the two-region test
 * and the regions bench use them (docs/regions.md): us-central with wal_level = logical and the
 * publication, sydney migrated to the same schema, its change triggers installed, subscribed.
 * Each keeps its port across restarts of the mirror, so the subscription finds its primary.
 */
export async function startRegionDatabases(options: RegionDatabasesOptions): Promise<RegionDatabases> {
  const { dir, log } = options;
  const flags = options.postgresFlags ?? [];
  // PostgreSQL runs as its own user when we are root: it must be able to pass through `dir`.
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, statSync(dir).mode | 0o011);
  const primary = await startEmbeddedPostgres({
    dataDir: join(dir, 'us-central'),
    log,
    postgresFlags: ['-c', 'wal_level=logical', ...flags],
  });
  const mirrorPort = await findFreePort();
  const startSydney = () => startEmbeddedPostgres({ dataDir: join(dir, 'sydney'), log, port: mirrorPort, postgresFlags: flags });
  let mirror: EmbeddedPostgresServer | null = await startSydney();
  try {
    await runMigrations(primary.connectionString, log);
    await runMigrations(mirror.connectionString, log);
    await withClient(primary.connectionString, ensurePublication);
    await withClient(mirror.connectionString, async (client) => {
      await installMirrorTriggers(client);
      await ensureSubscription(client, { region: 'sydney', primaryConnectionString: primary.connectionString });
    });
  } catch (error) {
    await mirror.stop();
    await primary.stop();
    throw error;
  }
  const mirrorUrl = mirror.connectionString;
  return {
    primaryUrl: primary.connectionString,
    mirrorUrl,
    async stopMirror() {
      await mirror?.stop();
      mirror = null;
    },
    async startMirror() {
      mirror ??= await startSydney();
    },
    async stop() {
      await mirror?.stop();
      await primary.stop();
    },
  };
}

async function withClient(connectionString: string, run: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

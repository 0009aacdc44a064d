import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { findRunningEmbeddedPostgres } from './running-postgres.ts';

describe('findRunningEmbeddedPostgres', () => {
  let dataDir: string;
  let database: TestDatabase;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shopfront-pidfile-'));
    mkdirSync(join(dataDir, 'postgres'));
    writeFileSync(join(dataDir, 'postgres.password'), 's3cret/pw\n');
    database = await createTestDatabase();
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  });

  const writePidFile = (pid: number, port: number) =>
    writeFileSync(join(dataDir, 'postgres', 'postmaster.pid'), `${pid}\n${dataDir}/postgres\n1767225600\n${port}\n\n127.0.0.1\n  1234  5678\nready   \n`);

  it('is null without a postmaster.pid', () => {
    expect(findRunningEmbeddedPostgres(dataDir)).toBeNull();
  });

  it('reads the port and password of a live postgres process', async () => {
    // A backend of the test cluster is a live `postgres` process while this connection is open.
    const client = await database.pool.connect();
    try {
      const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      writePidFile(pid, 54321);
      expect(findRunningEmbeddedPostgres(dataDir)).toEqual({
        pid,
        port: 54321,
        connectionString: 'postgresql://postgres:s3cret%2Fpw@127.0.0.1:54321/shopfront',
      });
    } finally {
      client.release();
    }
  });

  it('ignores a stale file: a dead pid, or a live process that is not postgres', () => {
    writePidFile(2_147_483_000, 54321);
    expect(findRunningEmbeddedPostgres(dataDir)).toBeNull();
    writePidFile(process.pid, 54321);
    expect(findRunningEmbeddedPostgres(dataDir)).toBeNull();
  });
});

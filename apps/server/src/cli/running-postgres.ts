import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** As db/embedded-postgres.ts lays out DATA_DIR. */
const CLUSTER_DIR = 'postgres';
const PASSWORD_FILE = 'postgres.password';
const USER = 'postgres';
export const EMBEDDED_DATABASE = 'shopfront';

/**
 * The embedded PostgreSQL that a running server (or an orphan of a killed one) holds for
 * DATA_DIR, from `postmaster.pid` (line 1 the pid, line 4 the port). Starting a second server
 * would make startEmbeddedPostgres stop this one as an orphan, under the running app.
 */
export function findRunningEmbeddedPostgres(dataDir: string): { pid: number; port: number; connectionString: string } | null {
  const pidFile = join(dataDir, CLUSTER_DIR, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0 || !isLivePostgres(pid)) return null;
  const password = readFileSync(join(dataDir, PASSWORD_FILE), 'utf8').trim();
  return {
    pid,
    port,
    connectionString: `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`,
  };
}

/** True when DATA_DIR holds an initialised embedded cluster. */
export function hasEmbeddedCluster(dataDir: string): boolean {
  return existsSync(join(dataDir, CLUSTER_DIR, 'PG_VERSION'));
}

function isLivePostgres(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const procDir = `/proc/${pid}`;
  if (!existsSync(procDir)) return true; // no procfs: trust the signal check
  try {
    const stat = readFileSync(`${procDir}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X' && readFileSync(`${procDir}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return false;
  }
}

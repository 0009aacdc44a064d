import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '../logger.ts';

/**
 * After the app is killed with SIGKILL its PostgreSQL child keeps running, orphaned, and holds
 * the data directory. Stop it the way PostgreSQL documents as safe (SIGINT = fast shutdown:
 * committed data is kept), and wait until it is gone.
 */
export async function stopOrphanPostgres(clusterDir: string, log: Logger, timeoutMs = 30_000): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isLivePostgres(pid)) return; // stale file: postgres copes

  log.warn({ pid, clusterDir }, 'stopping a PostgreSQL server left running by a previous run');
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (isLivePostgres(pid) && existsSync(pidFile)) {
    if (Date.now() > deadline) {
      throw new Error(`PostgreSQL (pid ${pid}) holding ${clusterDir} did not stop within ${timeoutMs} ms`);
    }
    await delay(50);
  }
}

/** Alive, not a zombie (an orphan may never be reaped here), and a postgres binary. */
function isLivePostgres(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const procDir = `/proc/${pid}`;
  if (!existsSync(procDir)) return true; // no procfs: trust the signal check
  try {
    const stat = readFileSync(`${procDir}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (state === 'Z' || state === 'X') return false;
    return readFileSync(`${procDir}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return false; // it exited while we looked
  }
}

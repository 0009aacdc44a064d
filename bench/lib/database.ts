import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The connection string of the embedded PostgreSQL a bench server started in `dataDir`. */
export function connectionStringOf(dataDir: string): string {
  const password = readFileSync(join(dataDir, 'postgres.password'), 'utf8').trim();
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/shopfront`;
}

/** The server process's resident memory, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
}

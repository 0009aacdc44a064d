import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Scenario } from './types.ts';

/**
 * Membership renewals (docs/memberships.md "Bench"): BENCH_MEMBERS (10,000) active
 * test-provider members of one store, due in the same minute of the store's test clock, renewed by
 * the real `renew-test-membership` jobs of a real server process that emails receipts to a
 * loopback SMTP sink; the server is killed with SIGKILL once 30 % are charged and started again.
 * Runs the vitest file `apps/server/src/membership-renewal-throughput.test.ts` with
 * MEMBERSHIP_BENCH=1 (it owns its server, database and sink, like the automations scenario) and
 * prints its lines: progress, time to every charge and receipt, charges/s, emails/s and the
 * checks (one paid invoice and one receipt per member); any duplicate or missing charge fails it.
 */
const SERVER_DIR = fileURLToPath(new URL('../../apps/server/', import.meta.url));

export const memberships: Scenario = {
  name: 'memberships',
  async run() {
    const code = await new Promise<number | null>((resolve) => {
      let tail = '';
      const child = spawn('npx', ['vitest', 'run', 'src/membership-renewal-throughput.test.ts'], {
        cwd: SERVER_DIR,
        env: { ...process.env, MEMBERSHIP_BENCH: '1', MEMBERSHIP_BENCH_MEMBERS: process.env.BENCH_MEMBERS ?? '10000' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // Progress is printed as it comes, so a long run shows where it is.
      const relay = (chunk: Buffer) => {
        // eslint-disable-next-line no-control-regex -- strips vitest's colours
        const text = chunk.toString('utf8').replace(/\u001b\[[0-9;]*m/g, '');
        tail = (tail + text).slice(-8000);
        for (const line of text.split('\n').filter((line) => line.includes('membership bench:'))) console.log(line.trim());
      };
      child.stdout.on('data', relay);
      child.stderr.on('data', relay);
      child.once('exit', (exitCode) => {
        if (exitCode !== 0) console.log(tail);
        resolve(exitCode);
      });
    });
    if (code !== 0) throw new Error(`memberships bench FAILED (exit ${code}): a duplicate or missing charge or receipt, or a timeout; see above`);
    return { title: 'Membership renewals (test provider, SMTP sink on loopback, kill -9 mid-run): lines printed above, no autocannon rows', rows: [] };
  },
};

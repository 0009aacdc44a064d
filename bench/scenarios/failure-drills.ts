import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Scenario } from './types.ts';

/**
 * The heavy variants of the CI drills: the crash-safety drills (kill -9 during 200 createCheckout,
 * 500 payments, 500 Stripe webhooks, a product file upload and a publish, and twice during a
 * campaign send) with a 100 MB upload and a 10,000-recipient campaign, and the database-outage
 * drill with PostgreSQL stopped for 30 s. `npm test` runs the same files with smaller numbers. The drills own
 * their server processes and databases (they kill them), so they run as the vitest files in
 * apps/server with bigger numbers, not against the bench's server; their summary lines are printed.
 */
const SERVER_DIR = fileURLToPath(new URL('../../apps/server/', import.meta.url));
const FILES = [
  'src/crash-safety-orders.test.ts',
  'src/crash-safety-webhooks.test.ts',
  'src/crash-safety-files.test.ts',
  'src/crash-safety-campaign.test.ts',
  'src/database-outage.test.ts',
];

export const failureDrills: Scenario = {
  name: 'failure-drills',
  async run() {
    const started = performance.now();
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      let output = '';
      const child = spawn('npx', ['vitest', 'run', ...FILES], {
        cwd: SERVER_DIR,
        env: { ...process.env, UPLOAD_MB: '100', OUTAGE_MS: '30000', CAMPAIGN_CRASH_RECIPIENTS: '10000' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString('utf8')));
      child.once('exit', (exitCode) => resolve({ code: exitCode, output }));
    });
    // eslint-disable-next-line no-control-regex -- strips vitest's colours
    const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
    for (const line of plain.split('\n').filter((text) => /drill|✓|×|Tests /.test(text))) console.log(line.trim());
    console.log(`failure drills ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if (code !== 0) throw new Error(`failure drills failed:\n${plain.slice(-4000)}`);
    return { title: 'Failure drills (kill -9 with a 100 MB upload and a 10,000-recipient campaign; 30 s PostgreSQL outage): pass/fail above, no throughput rows', rows: [] };
  },
};

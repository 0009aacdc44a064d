import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Scenario } from './types.ts';

/**
 * Automation sending (decisions 044 and 054): BENCH_AUTOMATION_CONTACTS (10,000) contacts
 * enter a live 3-step automation (email, wait a day, email) at once; then a real server process
 * with the default limits and lease starts and sends to a loopback SMTP sink. Runs the vitest file
 * `apps/server/src/automation-throughput.test.ts` with AUTOMATION_BENCH=1 (it owns its server,
 * database and sink, like the email scenario). Prints the entry time, the time from the server's
 * start until every first email is sent, messages/s beside nodemailer alone into the same sink and
 * beside a campaign sent by the same server, the jobs table's growth in rows and bytes, the
 * recipients table's growth, the server's RSS and the duplicates by address and by Message-ID
 * (any duplicate fails the run, and the bench exits non-zero).
 */
const SERVER_DIR = fileURLToPath(new URL('../../apps/server/', import.meta.url));

export const automations: Scenario = {
  name: 'automations',
  async run() {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      let output = '';
      const child = spawn('npx', ['vitest', 'run', 'src/automation-throughput.test.ts'], {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          AUTOMATION_BENCH: '1',
          AUTOMATION_BENCH_CONTACTS: process.env.BENCH_AUTOMATION_CONTACTS ?? '10000',
          // A store's send rate for the bench's server (default 500/s, which caps both senders).
          ...(process.env.BENCH_AUTOMATION_RATE_PER_STORE ? { AUTOMATION_BENCH_RATE_PER_STORE: process.env.BENCH_AUTOMATION_RATE_PER_STORE } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString('utf8')));
      child.once('exit', (exitCode) => resolve({ code: exitCode, output }));
    });
    // eslint-disable-next-line no-control-regex -- strips vitest's colours
    const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
    for (const line of plain.split('\n').filter((text) => text.includes('automation bench:'))) console.log(line.trim());
    if (code !== 0) throw new Error(`automations bench failed:\n${plain.slice(-4000)}`);
    console.log('automation bench: goal ≥ 500 messages/s to the sink (a store sends at most EMAIL_CAMPAIGN_RATE_PER_STORE, 500/s by default), 0 duplicates');
    return { title: 'Automation sending (SMTP sink on loopback): lines printed above, no autocannon rows', rows: [] };
  },
};

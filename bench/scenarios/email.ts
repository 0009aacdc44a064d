import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Scenario } from './types.ts';

/**
 * Campaign sending throughput (decision 025): 10,000-recipient campaigns from a real server
 * process to a loopback SMTP sink, BENCH_RUNS times (median by eye from the printed runs), as the
 * vitest file `apps/server/src/campaign-throughput.test.ts` with CAMPAIGN_BENCH=1 (it owns its
 * server, database and sink, like the failure drills). BENCH_EMAIL_LARGE=1 adds a 50,000 run to
 * project 100,000. Prints messages/s, jobs/recipients table growth and server RSS per run, and the
 * ratio to a reference measured first in the same run: nodemailer alone into the same sink.
 */
const SERVER_DIR = fileURLToPath(new URL('../../apps/server/', import.meta.url));

export const email: Scenario = {
  name: 'email',
  async run() {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      let output = '';
      const child = spawn('npx', ['vitest', 'run', 'src/campaign-throughput.test.ts'], {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          CAMPAIGN_BENCH: '1',
          CAMPAIGN_BENCH_RUNS: process.env.BENCH_RUNS ?? '3',
          ...(process.env.BENCH_EMAIL_LARGE ? { CAMPAIGN_BENCH_LARGE: '1' } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString('utf8')));
      child.once('exit', (exitCode) => resolve({ code: exitCode, output }));
    });
    // eslint-disable-next-line no-control-regex -- strips vitest's colours
    const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
    const lines = plain.split('\n').filter((text) => text.includes('campaign bench:'));
    for (const line of lines) console.log(line.trim());
    if (code !== 0) throw new Error(`email bench failed:\n${plain.slice(-4000)}`);
    const rates = lines.flatMap((line) => /: (\d+) messages\/s/.exec(line)?.[1] ?? []).map(Number).sort((a, b) => a - b);
    const median = rates[Math.floor(rates.length / 2)];
    const reference = Number(/reference (\d+) messages\/s/.exec(plain)?.[1] ?? Number.NaN);
    const ratio = median === undefined || !reference ? 'n/a' : `${((median / reference) * 100).toFixed(0)}% of the reference`;
    console.log(`campaign bench: median ${median ?? 'n/a'} messages/s over ${rates.length} runs (goal ≥ 300), ${ratio} (${reference} messages/s)`);
    return { title: 'Email campaign sending (SMTP sink on loopback): runs printed above, no autocannon rows', rows: [] };
  },
};

// `npm run bench [-- scenario…]`: bounded autocannon runs on loopback, medians of several runs,
// each printed as a ratio to nginx serving the same bytes in the same run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure, measureBeside } from './lib/measure.ts';
import { ensureNginx, startNginx } from './lib/nginx.ts';
import { printTable } from './lib/report.ts';
import { startServer } from './lib/server.ts';
import { freePort } from './lib/wait.ts';
import { scenarios } from './scenarios/index.ts';

const options = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationSeconds: Number(process.env.BENCH_DURATION ?? 5),
  runs: Number(process.env.BENCH_RUNS ?? 3),
};
const wanted = process.argv.slice(2);
const selected = wanted.length ? scenarios.filter((s) => wanted.includes(s.name)) : scenarios;

const nginxBinary = ensureNginx();
console.log(
  `# Shopfront bench — ${options.connections} connections, ${options.durationSeconds} s × ${options.runs} runs (median), ` +
    `${cpus().length} cores, node ${process.version}` +
    // BENCH_SERVER_NODE: the Shopfront server runs on another Node than the references (bench/README.md).
    (process.env.BENCH_SERVER_NODE ? `; the Shopfront server on node ${spawnSync(process.env.BENCH_SERVER_NODE, ['--version'], { encoding: 'utf8' }).stdout.trim()}` : ''),
);
if (!nginxBinary) console.log('nginx is not installed and could not be installed: the nginx reference is SKIPPED, ratios print n/a.');

const work = mkdtempSync(join(tmpdir(), 'shopfront-bench-'));
type SharedServer = Awaited<ReturnType<typeof startServer>>;
let shared: SharedServer | null = null;
async function stopShared(): Promise<void> {
  if (!shared) return;
  await shared.stop();
  rmSync(shared.dataDir, { recursive: true, force: true });
  shared = null;
}
const lastShared = selected.findLastIndex((scenario) => scenario.sharedServer);
try {
  for (const [index, scenario] of selected.entries()) {
    if (scenario.sharedServer) shared ??= await startServer();
    const server = shared;
    const result = await scenario.run({
      get server() {
        if (!server) throw new Error(`scenario ${scenario.name} uses the shared server: give it sharedServer: true`);
        return server;
      },
      nginx: async (files) => (nginxBinary ? startNginx(nginxBinary, join(work, scenario.name), await freePort(), files) : null),
      measure: (targets) => measure(targets, options),
      measureBeside: (reference, targets) => measureBeside(reference, targets, options),
    });
    printTable(result.title, result.rows);
    if (index === lastShared) await stopShared();
  }
} finally {
  await stopShared();
  rmSync(work, { recursive: true, force: true });
}

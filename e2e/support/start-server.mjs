// Starts the built server for Playwright with a fresh data directory each run, and a DNS stand-in
// beside it for custom-domain verification.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const e2eDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const artifacts = join(e2eDir, '.artifacts');
mkdirSync(artifacts, { recursive: true });
for (const entry of readdirSync(artifacts)) {
  if (entry.startsWith('data-')) rmSync(join(artifacts, entry), { recursive: true, force: true });
}
process.env.DATA_DIR = join(artifacts, `data-${Date.now()}`);
// Every journey signs up from the same loopback address; the real per-address cap (30 identity
// emails an hour) is tested in the server suite, so here it is set out of the journeys' way.
process.env.EMAIL_SENDS_PER_IP_PER_HOUR ??= '10000';

// DNS: the server resolves TXT records with node:dns against the stand-in (real DNS over UDP on a
// random loopback port, DNS_SERVERS). The tests run in another process, so they set records
// through a loopback-only HTTP endpoint on a fixed port (support/dns.ts):
//   PUT /txt/{name}  body: JSON array of values  → the name's TXT records ([] forgets them)
// Both live in this process and end with it. tsx loads the TypeScript stand-in and port numbers.
const { startDnsStandIn } = await tsImport('../../apps/server/src/testing/dns-stand-in.ts', import.meta.url);
const { E2E_DNS_CONTROL_PORT } = await tsImport('./hosts.ts', import.meta.url);
const dns = await startDnsStandIn();
process.env.DNS_SERVERS = dns.address;

const control = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0]);
    if (request.method !== 'PUT' || !path.startsWith('/txt/')) return void response.writeHead(404).end();
    let values = null;
    try {
      values = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      // answered below
    }
    if (!Array.isArray(values) || !values.every((value) => typeof value === 'string')) {
      return void response.writeHead(400).end('Expected a JSON array of strings');
    }
    const name = path.slice('/txt/'.length);
    if (values.length > 0) dns.setTxt(name, values);
    else dns.clearTxt(name);
    response.writeHead(204).end();
  });
});
await new Promise((resolve, reject) => {
  control.once('error', reject);
  control.listen(E2E_DNS_CONTROL_PORT, '127.0.0.1', resolve);
});

await import('../../apps/server/dist/main.js');

// Starts the built server for Playwright with a fresh data directory each run.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const artifacts = join(e2eDir, '.artifacts');
mkdirSync(artifacts, { recursive: true });
for (const entry of readdirSync(artifacts)) {
  if (entry.startsWith('data-')) rmSync(join(artifacts, entry), { recursive: true, force: true });
}
process.env.DATA_DIR = join(artifacts, `data-${Date.now()}`);

await import('../../apps/server/dist/main.js');

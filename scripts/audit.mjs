#!/usr/bin/env node
// `npm run audit`: `npm audit --omit=dev` fails on any high or critical advisory in what ships,
// unless scripts/audit-allowlist.json names it (package, advisory, reason) and its expiry date has
// not passed. When the registry refuses the audit request (some mirrors answer 405), the check says
// SKIPPED and exits 0, so a mirror without the endpoint does not block the suite; `--strict` makes
// that an exit 2 instead.
// `--report <file>` reads a saved `npm audit --json` report instead of asking the registry.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FAILING = new Set(['high', 'critical']);

function readReport() {
  const at = process.argv.indexOf('--report');
  if (at !== -1) return JSON.parse(readFileSync(process.argv[at + 1], 'utf8'));
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  try {
    return JSON.parse(run.stdout);
  } catch {
    return { error: { summary: run.stderr.trim() || `npm audit exited ${run.status}` } };
  }
}

function readAllowlist() {
  const entries = JSON.parse(readFileSync(join(root, 'scripts/audit-allowlist.json'), 'utf8')).advisories;
  for (const entry of entries) {
    for (const field of ['package', 'advisory', 'reason', 'expires']) {
      if (typeof entry[field] !== 'string' || entry[field].trim() === '') throw new Error(`audit allowlist: an entry lacks "${field}": ${JSON.stringify(entry)}`);
    }
    if (Number.isNaN(Date.parse(entry.expires))) throw new Error(`audit allowlist: "${entry.expires}" is not a date (YYYY-MM-DD)`);
  }
  return entries;
}

/** GHSA id from the advisory URL, else npm's numeric id. */
function advisoryIdOf(via) {
  return via.url?.match(/GHSA-[\w-]+$/)?.[0] ?? String(via.source);
}

const report = readReport();
if (report.error || !report.vulnerabilities) {
  const detail = report.message ?? report.error?.summary ?? JSON.stringify(report.error ?? report).slice(0, 300);
  if (process.argv.includes('--strict')) {
    console.error(`audit: npm audit gave no report (${detail}). The registry's audit endpoint must be reachable.`);
    process.exit(2);
  }
  console.warn(`audit: SKIPPED — the registry gave no audit report (${detail}). Nothing was checked.`);
  process.exit(0);
}

const allowlist = readAllowlist();
const today = new Date().toISOString().slice(0, 10);
const failures = [];
const allowed = [];
const used = new Set();
for (const vulnerability of Object.values(report.vulnerabilities)) {
  // Strings in `via` point at another package's entry, which carries the advisory itself.
  for (const via of vulnerability.via.filter((item) => typeof item === 'object')) {
    if (!FAILING.has(via.severity)) continue;
    const id = advisoryIdOf(via);
    const line = `${via.name} ${id} (${via.severity}): ${via.title} ${via.url ?? ''}`.trim();
    const entry = allowlist.find((item) => item.package === via.name && item.advisory === id);
    if (entry) used.add(entry);
    if (!entry) failures.push(line);
    else if (entry.expires < today) failures.push(`${line} — allowlisted until ${entry.expires}, expired`);
    else allowed.push(`${line} — allowlisted until ${entry.expires}: ${entry.reason}`);
  }
}

const counts = report.metadata?.vulnerabilities ?? {};
console.log(`audit: production dependencies: ${Object.entries(counts).map(([level, n]) => `${n} ${level}`).join(', ')}`);
for (const line of allowed) console.log(`audit: allowed ${line}`);
for (const entry of allowlist.filter((item) => !used.has(item))) console.log(`audit: allowlist entry no longer needed: ${entry.package} ${entry.advisory}`);
if (failures.length > 0) {
  console.error('audit: high or critical advisories with no fix applied and no current allowlist entry:');
  for (const line of failures) console.error(`  ${line}`);
  process.exit(1);
}
console.log('audit: no high or critical advisory outside the allowlist');

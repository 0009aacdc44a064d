#!/usr/bin/env node
// The suite's self-test: each test runner, with the project's own configuration, must exit
// non-zero on a test that fails on purpose. It runs every vitest project (core, server with the
// embedded PostgreSQL, web, lint) and Playwright once on its red fixture (`red-tests/` beside
// each project, outside the normal include globs; SHOPFRONT_RED_TEST switches them in) and fails
// when a runner exits 0 or did not see exactly the one red test. docs/testing.md explains it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './build-if-stale.mjs';

const bin = (name) => join(root, 'node_modules', '.bin', name);
const work = mkdtempSync(join(tmpdir(), 'shopfront-red-tests-'));

/**
 * The server project runs beside every other vitest project (its green fixture), so its global
 * setup loads the embedded PostgreSQL package into the same process, as in a full run: that
 * package once ended every vitest run with exit code 0.
 */
const runs = [
  ...['core', 'server', 'web', 'lint'].map((project) => ({
    name: `vitest ${project}`,
    command: bin('vitest'),
    args: ['run', '--project', project, ...(project === 'server' ? [] : ['--project', 'server']), '--reporter=json', `--outputFile=${join(work, `${project}.json`)}`],
    env: { SHOPFRONT_RED_TEST: project },
    report: join(work, `${project}.json`),
    expected: { failed: 1, passed: project === 'server' ? 0 : 1 },
    count: (json) => ({ failed: json.numFailedTests, passed: json.numPassedTests }),
  })),
  {
    name: 'playwright',
    command: bin('playwright'),
    args: ['test', '--reporter=json'],
    env: { SHOPFRONT_RED_TEST: 'e2e', PLAYWRIGHT_JSON_OUTPUT_NAME: join(work, 'e2e.json') },
    report: join(work, 'e2e.json'),
    expected: { failed: 1, passed: 0 },
    count: (json) => ({ failed: json.stats.unexpected, passed: json.stats.expected }),
  },
];

function run({ command, args, env }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stderr }));
  });
}

function readCounts(item) {
  try {
    return item.count(JSON.parse(readFileSync(item.report, 'utf8')));
  } catch (error) {
    return { error: `no readable report (${error.message})` };
  }
}

const started = Date.now();
// Two at a time: a 2-core machine runs a pair in about the time of one.
const results = [];
for (let i = 0; i < runs.length; i += 2) {
  const pair = runs.slice(i, i + 2);
  const outcomes = await Promise.all(pair.map(run));
  pair.forEach((item, index) => results.push({ item, ...outcomes[index], counts: readCounts(item) }));
}
rmSync(work, { recursive: true, force: true });

const problems = [];
for (const { item, code, stderr, counts } of results) {
  const seen = counts.error ?? `${counts.failed} failed, ${counts.passed} passed`;
  const ok = code !== 0 && counts.failed === item.expected.failed && counts.passed === item.expected.passed;
  console.log(`red-tests: ${item.name.padEnd(14)} exit ${code}, ${seen} ${ok ? 'ok' : 'WRONG'}`);
  if (code === 0) problems.push(`${item.name} exited 0 with a red test: a failing test would not stop the build`);
  else if (!ok) problems.push(`${item.name} exited ${code} but saw ${seen}, not ${item.expected.failed} failed and ${item.expected.passed} passed:\n${stderr}`);
}
console.log(`red-tests: ${results.length} runners checked in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (problems.length > 0) {
  console.error(`red-tests: the suite cannot be trusted:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}

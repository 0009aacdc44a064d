#!/usr/bin/env node
// `npm test`: everything CI runs, stopping at the first phase that fails, with the time of each
// phase at the end (docs/testing.md says where the time goes). The checks that need nothing from
// each other run side by side in lanes: lint and typecheck are single-threaded, and the build and
// the red tests mostly wait on process start-up, so together they fill both cores.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { assertSupportedNode } from './check-node.mjs';
import { root } from './build-if-stale.mjs';

assertSupportedNode('npm test');
console.log(`npm test: node ${process.version}`);

const bin = (name) => join(root, 'node_modules', '.bin', name);
// Each stage is a set of lanes run side by side; a lane runs its phases one after another.
const stages = [
  [
    [{ name: 'lint', command: bin('eslint'), args: ['.'] }],
    [{ name: 'typecheck', command: bin('tsc'), args: ['-b'] }],
    [
      { name: 'audit', command: process.execPath, args: ['scripts/audit.mjs'] },
      { name: 'build', command: 'npm', args: ['run', 'build'] },
      { name: 'red tests', command: process.execPath, args: ['scripts/red-tests.mjs'] },
    ],
  ],
  [[{ name: 'vitest', command: bin('vitest'), args: ['run'] }]],
  [[{ name: 'playwright', command: bin('playwright'), args: ['test'] }]],
];

function run({ command, args }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const timings = [];
let failed = null;
const started = Date.now();
async function runLane(lane) {
  for (const phase of lane) {
    const begin = Date.now();
    const code = await run(phase);
    timings.push({ name: phase.name, seconds: (Date.now() - begin) / 1000, code });
    if (code !== 0) return { phase, code };
  }
  return null;
}

for (const lanes of stages) {
  const outcomes = await Promise.all(lanes.map(runLane));
  failed = outcomes.find((outcome) => outcome !== null) ?? null;
  if (failed) break;
}

console.log('\nnpm test phases:');
for (const { name, seconds, code } of timings) console.log(`  ${name.padEnd(12)} ${seconds.toFixed(1).padStart(7)} s${code === 0 ? '' : `  FAILED (exit ${code})`}`);
console.log(`  ${'total'.padEnd(12)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s`);
if (failed) {
  console.error(`npm test: ${failed.phase.name} failed (exit ${failed.code})`);
  process.exit(failed.code);
}

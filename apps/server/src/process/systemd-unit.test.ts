import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../db/free-port.ts';
import { stopOrphanPostgres } from '../db/orphan-postgres.ts';
import { createLogger } from '../logger.ts';
import { SERVER_PACKAGE_ROOT } from '../paths.ts';
import { serverBundle } from '../testing/server-bundle.ts';
import { parseEnvironmentFile, parseUnit, splitWords, timeSpanSeconds, unitEnvironment, unitValue, unitValues } from '../testing/systemd-unit.ts';
import { waitUntil } from '../testing/three-servers.ts';
import { PRIMARY_DRAIN_TIMEOUT_MS } from './cluster-primary.ts';
import { SERVER_NODE_FLAGS, SERVER_PROCESS_ENV } from './node-flags.ts';

/**
 * deploy/systemd/shopfront.service (docs/deploy.md "One machine with systemd"). This machine is a
 * container whose PID 1 is not systemd, so `systemd-run` cannot start the unit: the test reads the
 * unit and runs its ExecStart the way systemd would — its Environment=, then an EnvironmentFile
 * that wins over it, a fresh DATA_DIR, SIGTERM to the main process only (KillMode=mixed) — and
 * checks the settings systemd alone would act on. Where `systemd-analyze` is installed, it also
 * verifies the unit's syntax.
 */
const REPO_ROOT = join(SERVER_PACKAGE_ROOT, '..', '..');
const unitText = readFileSync(join(REPO_ROOT, 'deploy', 'systemd', 'shopfront.service'), 'utf8');
const unit = parseUnit(unitText);
const service = (key: string) => unitValue(unit, 'Service', key);
const unitEnv = unitEnvironment(unit);
const systemdAnalyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((path) => existsSync(path));

describe('the systemd unit', () => {
  it('runs the built server as its own user, restarts it on failure and stops it by draining', () => {
    expect(service('User')).toMatch(/^[a-z][a-z0-9_-]*$/);
    expect(service('User')).not.toBe('root');
    expect(service('Restart')).toBe('on-failure');
    expect(service('KillSignal')).toBe('SIGTERM');
    // SIGTERM to the primary only: it drains the workers, then stops PostgreSQL itself.
    expect(service('KillMode')).toBe('mixed');
    expect(timeSpanSeconds(service('TimeoutStopSec')!) * 1000).toBeGreaterThan(PRIMARY_DRAIN_TIMEOUT_MS);
    expect(unitEnv).toMatchObject({ NODE_ENV: 'production', WEB_CONCURRENCY: expect.stringMatching(/^[1-9]\d*$/) });
    expect(unitValues(unit, 'Service', 'EnvironmentFile')).toHaveLength(1);
    // The primary runs with the server's V8 flags too (its workers get them whatever it was given).
    expect(splitWords(service('ExecStart')!)).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
    expect(unitEnv).toMatchObject(SERVER_PROCESS_ENV);
  });

  it('is hardened, and may write its DATA_DIR only', () => {
    expect(service('NoNewPrivileges')).toBe('yes');
    expect(service('ProtectSystem')).toBe('strict');
    expect(service('PrivateTmp')).toBe('yes');
    expect(unitValues(unit, 'Service', 'ReadWritePaths').flatMap(splitWords)).toEqual([unitEnv.DATA_DIR]);
    // Node's JIT writes executable memory: this option would kill the server at start.
    expect(service('MemoryDenyWriteExecute')).toBeUndefined();
  });

  it('ships an example EnvironmentFile that parses and names PUBLIC_URL', () => {
    const example = parseEnvironmentFile(readFileSync(join(REPO_ROOT, 'deploy', 'systemd', 'shopfront.env.example'), 'utf8'));
    expect(example.PUBLIC_URL).toMatch(/^https:\/\//);
  });

  it.skipIf(!systemdAnalyze)('passes systemd-analyze verify with no warning', () => {
    // Node need not be at the unit's path on this machine: verify a copy that names this run's node.
    const [executable] = splitWords(service('ExecStart')!);
    const dir = mkdtempSync(join(tmpdir(), 'shopfront-unit-'));
    try {
      writeFileSync(join(dir, 'shopfront.service'), unitText.replace(`ExecStart=${executable}`, `ExecStart=${process.execPath}`));
      const result = spawnSync(systemdAnalyze!, ['verify', join(dir, 'shopfront.service')], { cwd: dir, encoding: 'utf8' });
      expect({ status: result.status, stderr: result.stderr.trim() }).toEqual({ status: 0, stderr: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the unit\'s ExecStart, run as systemd would on a fresh DATA_DIR', { timeout: 300_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shopfront-systemd-'));
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await stopOrphanPostgres(join(dataDir, 'postgres'), createLogger({ logLevel: 'silent' }));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /readyz 200 with every worker, and exits 0 within TimeoutStopSec of its KillSignal', async () => {
    const port = await findFreePort();
    // What /etc/shopfront/shopfront.env would hold; its settings win over Environment= (DATA_DIR, PORT).
    const envFile = join(dataDir, 'shopfront.env');
    writeFileSync(envFile, `PUBLIC_URL="http://localhost:${port}"\nDATA_DIR=${dataDir}\nPORT=${port}\n`);
    const env = { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', HOME: dataDir, ...unitEnv, ...parseEnvironmentFile(readFileSync(envFile, 'utf8')) };

    // WorkingDirectory is the installed checkout (this repository); its script is the server's
    // dist/main.js, which `npm run build` writes: this run's bundle is that build of the source as
    // it is now. The unit's node is Node 24 wherever it is installed: here, this run's.
    const [executable, ...words] = splitWords(service('ExecStart')!);
    const scriptAt = words.findIndex((word) => !word.startsWith('-'));
    const [nodeFlags, script, args] = [words.slice(0, scriptAt), words[scriptAt]!, words.slice(scriptAt + 1)];
    expect(executable).toMatch(/\/node$/);
    expect(join(REPO_ROOT, script)).toBe(join(SERVER_PACKAGE_ROOT, 'dist', 'main.js'));
    let output = '';
    const startedAt = Date.now();
    child = spawn(process.execPath, [...nodeFlags, serverBundle('main'), ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => void (output = (output + chunk.toString('utf8')).slice(-20_000)));
    child.stderr!.on('data', (chunk: Buffer) => void (output = (output + chunk.toString('utf8')).slice(-20_000)));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
      child!.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );

    const workers = Number(unitEnv.WEB_CONCURRENCY);
    let ready: { status: number; body: unknown } | null = null;
    await waitUntil('/readyz to answer 200 with every worker', async () => {
      if (child!.exitCode !== null || child!.signalCode !== null) throw new Error(`the server exited at start:\n${output}`);
      const answer = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      ready = answer ? { status: answer.status, body: await answer.json() } : null;
      return ready?.status === 200;
    }, 240_000);
    expect(ready).toEqual({ status: 200, body: expect.objectContaining({ status: 'ok', workers: { ready: workers, total: workers } }) });
    expect(output).toContain('"msg":"Shopfront is listening"');

    const signalledAt = Date.now();
    child.kill(service('KillSignal') as NodeJS.Signals);
    const exit = await exited;
    expect({ code: exit.code, signal: exit.signal }, output).toEqual({ code: 0, signal: null });
    expect(exit.at - signalledAt).toBeLessThan(timeSpanSeconds(service('TimeoutStopSec')!) * 1000);
    // PostgreSQL was stopped by the service itself: nothing is left for systemd's final SIGKILL.
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    console.info(`systemd unit: ready after ${signalledAt - startedAt} ms (initdb, migrations, ${workers} workers); stopped ${exit.at - signalledAt} ms after ${service('KillSignal')}`);
  });
});

import { spawn } from 'node:child_process';
import { SERVER_PACKAGE_ROOT } from '../paths.ts';
import { serverBundle } from '../testing/server-bundle.ts';
import { runAdmin } from './run-admin.ts';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The admin CLI's command (run-admin.ts) in this process, with only `env` (and the package root as
 * the directory relative paths start from, as `npm run admin` has): what it printed and its exit
 * code. Fast enough to test every command; `runAdminProcess` proves the real process behaves alike.
 */
export async function runAdminCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(args, {
    env: { NODE_ENV: 'test', INIT_CWD: SERVER_PACKAGE_ROOT, ...env },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

/** The real admin CLI process (this run's bundle of `src/cli/admin.ts`, as `npm run admin` runs it), with only `env`. */
export function runAdminProcess(args: string[], env: Record<string, string>): Promise<CliResult> {
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle('admin'), ...args], {
    cwd: SERVER_PACKAGE_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

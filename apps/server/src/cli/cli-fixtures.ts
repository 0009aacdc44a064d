import { spawn } from 'node:child_process';
import { SERVER_PACKAGE_ROOT } from '../paths.ts';
import { serverBundle } from '../testing/server-bundle.ts';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real admin CLI (this run's bundle of `src/cli/admin.ts`, as `npm run admin` does), with only `env`. */
export function runAdminCli(args: string[], env: Record<string, string>): Promise<CliResult> {
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

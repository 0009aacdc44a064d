import { execFileSync } from 'node:child_process';
import { e2eDataDir } from './data-dir.ts';

/** `npm run admin -- …` against the e2e server's database; returns what it printed. */
export function runAdminCli(args: string[]): string {
  return execFileSync('npm', ['run', '--silent', 'admin', '--', ...args], {
    env: { ...process.env, DATA_DIR: e2eDataDir(), NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** `npm run admin -- plan <email> <plan>` (the plan is the admin's to set). */
export function setPlanWithAdminCli(email: string, plan: 'free' | 'side-hustle' | 'creator' | 'boss'): string {
  return runAdminCli(['plan', email, plan]);
}

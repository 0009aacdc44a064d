import { execFileSync } from 'node:child_process';
import { e2eDataDir } from './data-dir.ts';

/** `npm run admin -- plan <email> <plan>` against the e2e server's database (issue 4: the plan is the admin's to set). */
export function setPlanWithAdminCli(email: string, plan: 'free' | 'side-hustle' | 'creator' | 'boss'): string {
  return execFileSync('npm', ['run', '--silent', 'admin', '--', 'plan', email, plan], {
    env: { ...process.env, DATA_DIR: e2eDataDir(), NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

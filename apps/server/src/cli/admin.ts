import { runAdmin } from './run-admin.ts';

/** `npm run admin -- …` (scripts/admin.mjs runs this file's bundle): the operator's CLI, run-admin.ts. */
process.exit(await runAdmin(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }));

import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '#src/app.ts';
import { buildFunctionTable } from '#src/functions/index.ts';
import { envWithDataDir } from './stores.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Two servers on one database, for tests of what every server answers after a write: `t` and a
 * `second` app, each with its own memory and its own LISTEN connection, both listening before
 * this returns. `close` stops both and removes the data folder. `now` and `analytics` (a shared
 * clock) go to both.
 */
export async function startTwoDashboardServers(
  options: Pick<AppDeps, 'now' | 'analytics'> = {},
): Promise<{ t: TestApp; second: FastifyInstance; close: () => Promise<void> }> {
  const setup = envWithDataDir();
  const t = await createTestApp({ env: setup.env, ...options });
  const second = await buildApp({ env: t.env, db: t.db, functions: buildFunctionTable(t.env), ...options });
  await second.ready();
  await Promise.all([t.app.dashboardAnswers.whenListening(), second.dashboardAnswers.whenListening()]);
  return {
    t,
    second,
    close: async () => {
      await second.close();
      await t.close();
      setup.cleanup();
    },
  };
}

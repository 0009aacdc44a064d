import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.ts';
import type { Env } from '../env.ts';
import type { ServerTimeouts } from '../http/server-timeouts.ts';
import { buildFunctionTable } from '../functions/index.ts';
import type { RegisteredFunction } from '../functions/types.ts';
import type { Logger } from '../logger.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { testEnv } from './test-env.ts';

export interface TestAppOptions {
  env?: Env;
  /** Test-only functions served next to the real ones (never added to @shopfront/core). */
  extraFunctions?: RegisteredFunction[];
  logger?: Logger;
  webDistDir?: string;
  now?: () => Date;
  timeouts?: ServerTimeouts;
  /** The analytics buffer's test seams (its clock, limits or writer). */
  analytics?: AppDeps['analytics'];
}

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  env: Env;
  close(): Promise<void>;
}

/** buildApp on this test file's own database, for `app.inject` (CONVENTIONS rule 9). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = options.env ?? testEnv();
  const database = await createTestDatabase();
  const app = await buildApp({
    env,
    db: database.db,
    logger: options.logger,
    functions: buildFunctionTable(env, options.extraFunctions),
    webDistDir: options.webDistDir,
    now: options.now,
    timeouts: options.timeouts,
    ...(options.analytics ? { analytics: options.analytics } : {}),
  });
  await app.ready();
  return {
    ...database,
    app,
    env,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

import cluster from 'node:cluster';
import { EnvError, loadEnv, type Env } from './env.ts';
import { getAppSecret } from './identity/app-secret.ts';
import { createLogger } from './logger.ts';
import { runPrimary } from './process/cluster-primary.ts';
import { serve } from './process/serve.ts';

/**
 * Read env, then serve: one process (WEB_CONCURRENCY=1, the default outside production:
 * process/serve.ts), or a primary that starts the database once and forks WEB_CONCURRENCY workers
 * sharing one port (process/cluster-primary.ts); a forked worker serves like one process.
 */
const env = readEnvOrExit();
const log = createLogger(env);
// Fail at start, not at the first sign-up, if the identity secret cannot be read or created.
try {
  getAppSecret(env);
} catch (error) {
  exitWith(error, 'APP_SECRET is not set and DATA_DIR/app-secret cannot be used');
}
const workers = env.webConcurrency;
if (cluster.isWorker) await serve({ env, log, role: 'worker', exitWith });
else if (workers > 1) await runPrimary({ env, log, workers, exitWith });
else await serve({ env, log, role: 'single', exitWith });

function readEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

function exitWith(error: unknown, message: string): never {
  log.fatal({ err: error }, message);
  process.exit(1);
}

import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { Env } from './env.ts';

export type Logger = PinoLogger;

/** One JSON logger for the process; Fastify uses it as its request logger too. */
export function createLogger(env: Pick<Env, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino({ level: env.logLevel, base: undefined }, destination);
}

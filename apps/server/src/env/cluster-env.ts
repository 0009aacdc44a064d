import { availableParallelism } from 'node:os';
import { z } from 'zod';

export const MAX_WEB_CONCURRENCY = 64;

/**
 * WEB_CONCURRENCY: how many server processes share the port (docs/deploy.md). Unset: one per CPU
 * in production, one otherwise. One means no cluster at all: the process serves by itself.
 */
const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const CLUSTER_ENV_SHAPE = {
  WEB_CONCURRENCY: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(MAX_WEB_CONCURRENCY).optional()),
  /** glibc's arena cap (process/node-flags.ts); the primary passes it, or the server's default, to each worker it forks. */
  MALLOC_ARENA_MAX: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(1_024).optional()),
};

export type ClusterEnv = z.output<z.ZodObject<typeof CLUSTER_ENV_SHAPE>>;

export function webConcurrencyFromEnv(raw: ClusterEnv, nodeEnv: string, cpus: () => number = availableParallelism): number {
  if (raw.WEB_CONCURRENCY !== undefined) return raw.WEB_CONCURRENCY;
  return nodeEnv === 'production' ? Math.min(cpus(), MAX_WEB_CONCURRENCY) : 1;
}


import { availableParallelism } from 'node:os';
import { z } from 'zod';

export const MAX_WEB_CONCURRENCY = 64;

/**
 * WEB_CONCURRENCY: how many server processes share the port (docs/deploy.md). Unset: one per CPU
 * in production, one otherwise. One means no cluster at all: the process serves by itself.
 */
export const CLUSTER_ENV_SHAPE = {
  WEB_CONCURRENCY: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(1).max(MAX_WEB_CONCURRENCY).optional(),
  ),
};

export type ClusterEnv = z.output<z.ZodObject<typeof CLUSTER_ENV_SHAPE>>;

export function webConcurrencyFromEnv(raw: ClusterEnv, nodeEnv: string, cpus: () => number = availableParallelism): number {
  if (raw.WEB_CONCURRENCY !== undefined) return raw.WEB_CONCURRENCY;
  return nodeEnv === 'production' ? Math.min(cpus(), MAX_WEB_CONCURRENCY) : 1;
}

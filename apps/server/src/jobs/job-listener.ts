import { listenToChannels, type Listener } from '../db/listen.ts';
import type { Logger } from '../logger.ts';
import { JOBS_CHANNEL } from './enqueue-job.ts';

export type JobListener = Listener;

/**
 * Wakes the runner when any server enqueues a job. If the connection drops it reconnects with
 * backoff; meanwhile polling still finds every job, and a reconnect wakes the runner once.
 */
export function listenForJobs(options: { connectionString: string; log: Logger; onNotify: () => void }): JobListener {
  return listenToChannels({
    connection: options.connectionString,
    channels: [JOBS_CHANNEL],
    log: options.log,
    name: 'shopfront-jobs-listen',
    onNotify: () => options.onNotify(),
    onConnected: () => options.onNotify(),
  });
}

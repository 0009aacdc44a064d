import { isPrimaryMessage, type WorkerMessage } from './cluster-messages.ts';

export interface ClusterReadiness {
  ready: number;
  total: number;
}

/**
 * A worker's side of the cluster: what the primary last said about every worker's readiness
 * (nothing yet: not ready), and the message that says this worker listens.
 */
export function connectToPrimary() {
  let readiness: ClusterReadiness | null = null;
  process.on('message', (message: unknown) => {
    if (isPrimaryMessage(message)) readiness = { ready: message.ready, total: message.total };
  });
  return {
    readiness: (): ClusterReadiness => readiness ?? { ready: 0, total: 0 },
    listening: () => process.send?.({ type: 'shopfront:listening' } satisfies WorkerMessage),
  };
}

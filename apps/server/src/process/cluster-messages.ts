/** What the primary and its workers tell each other over the cluster's IPC channel. */
export type WorkerMessage = { type: 'shopfront:listening' };
export type PrimaryMessage = { type: 'shopfront:readiness'; ready: number; total: number };

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'shopfront:listening';
}

export function isPrimaryMessage(value: unknown): value is PrimaryMessage {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'shopfront:readiness';
}

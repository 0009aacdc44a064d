// Exports the cancelled-booking refund retry: its job kind, its delay and how a cancellation queues it.
import type { Executor } from '#src/db/executor.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';

export const CANCEL_REFUND_RETRY_KIND = 'refund-cancelled-booking';

/**
 * A cancellation that owes a refund makes it right after its commit (cancelWithRefund). This job,
 * queued in the cancellation's transaction, runs this long after: it refunds what the order still
 * owes and queues the cancellation's emails, so a server that stopped in between, or a provider
 * that refused, loses neither. When the first attempt succeeded it finds the order refunded and
 * the emails queued, and changes nothing.
 */
export const CANCEL_REFUND_RETRY_MS = 10 * 60_000;

export interface CancelRefundRetry {
  storeId: string;
  orderId: string;
  bookingId: string;
}

export async function queueCancelRefundRetry(tx: Executor, input: CancelRefundRetry & { runAt: Date }): Promise<void> {
  const payload: CancelRefundRetry = { storeId: input.storeId, orderId: input.orderId, bookingId: input.bookingId };
  await enqueueJob(tx, CANCEL_REFUND_RETRY_KIND, payload, { idempotencyKey: input.bookingId, runAt: input.runAt });
}

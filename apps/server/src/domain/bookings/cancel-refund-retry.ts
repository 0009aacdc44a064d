// Exports the cancelled-booking refund retry: its job kind, its delay and how a cancellation queues it.
import type { Executor } from '#src/db/executor.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';

export const CANCEL_REFUND_RETRY_KIND = 'refund-cancelled-booking';

/**
 * A cancellation that owes a refund makes it right after its commit (cancelWithRefund). This job,
 * queued in the cancellation's transaction, runs this long after: it refunds what the cancellation
 * still owes and queues the cancellation's emails, so a server that stopped in between, or a provider
 * that refused, loses neither. When the first attempt succeeded it finds that amount refunded and
 * the emails queued, and changes nothing.
 */
export const CANCEL_REFUND_RETRY_MS = 10 * 60_000;

/**
 * `amountCents`: what the cancellation owes (the policy's amount, or the creator's); refunds of the
 * order since `refundedBeforeCents` count toward it. Jobs queued before these two existed refund
 * all that remains.
 */
export interface CancelRefundRetry {
  storeId: string;
  orderId: string;
  bookingId: string;
  amountCents?: number;
  refundedBeforeCents?: number;
}

export async function queueCancelRefundRetry(tx: Executor, input: Required<CancelRefundRetry> & { runAt: Date }): Promise<void> {
  const payload: CancelRefundRetry = {
    storeId: input.storeId,
    orderId: input.orderId,
    bookingId: input.bookingId,
    amountCents: input.amountCents,
    refundedBeforeCents: input.refundedBeforeCents,
  };
  await enqueueJob(tx, CANCEL_REFUND_RETRY_KIND, payload, { idempotencyKey: input.bookingId, runAt: input.runAt });
}

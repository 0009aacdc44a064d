import { formatMoney, type MyBooking } from '@shopfront/core';

/** The creator's tiered policy in one sentence, e.g. "Full refund up to 48 hours before the call, 50% up to 24 hours before, none after." */
export function refundPolicyText(booking: Pick<MyBooking, 'refundOnCancel' | 'refundTiers'>): string | null {
  const tiers = booking.refundTiers;
  if (booking.refundOnCancel !== 'tiered' || !tiers) return null;
  const hours = (count: number) => `${count} hour${count === 1 ? '' : 's'}`;
  const partial = tiers.noneHours > 0 ? `${tiers.partialPercent}% up to ${hours(tiers.noneHours)} before, none after` : `${tiers.partialPercent}% after that`;
  return `Full refund up to ${hours(tiers.fullHours)} before the call, ${partial}.`;
}

/** What the buyer is told before confirming a cancellation: what cancelling now refunds (the server decides again at that moment). */
export function cancelRefundText(booking: Pick<MyBooking, 'refundOnCancel' | 'refundTiers' | 'cancelRefund'>): string {
  const refund = booking.cancelRefund;
  if (!refund) return 'No refund is made for it.';
  const policy = refundPolicyText(booking);
  const amount =
    refund.amountCents >= refund.paidCents
      ? `Cancelling now refunds your payment of ${formatMoney(refund.paidCents, refund.currency)}.`
      : refund.amountCents > 0
        ? `Cancelling now refunds ${formatMoney(refund.amountCents, refund.currency)} of your ${formatMoney(refund.paidCents, refund.currency)} payment.`
        : 'Cancelling now refunds nothing.';
  return policy ? `${amount} ${policy}` : amount;
}

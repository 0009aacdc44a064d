import { formatMoney, MEMBERSHIP_LIMITS, type MembershipTier } from '@shopfront/core';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useMoveMembersToPrice } from '../api/membership-tiers-api.ts';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const members = (n: number) => (n === 1 ? '1 member' : `${n} members`);

/**
 * Moving a tier's existing members to its current price, after a confirmation that says what
 * members are told and when it takes effect (their first renewal after the notice).
 */
export function MovePriceDialog({ storeId, productId, tier, onClose }: { storeId: string; productId: string; tier: MembershipTier | null; onClose: () => void }) {
  const move = useMoveMembersToPrice(storeId, productId);
  const close = () => {
    move.reset();
    onClose();
  };
  const money = (cents: number) => formatMoney(cents, tier?.currency ?? 'USD', { locale: 'en-US', trimWhole: true });
  const prices = tier ? [tier.monthlyPriceCents === null ? null : `${money(tier.monthlyPriceCents)}/month`, tier.yearlyPriceCents === null ? null : `${money(tier.yearlyPriceCents)}/year`].filter(Boolean).join(' or ') : '';
  return (
    <ConfirmDialog
      open={tier !== null}
      title={`Move members of “${tier?.name ?? ''}” to ${prices}?`}
      description={`Members who pay another price are emailed now. Each keeps their price until their first renewal at least ${MEMBERSHIP_LIMITS.priceMoveNoticeDays} days from today, which charges the new one. On Stripe, their subscription moves to the new price when the notice ends.`}
      confirmLabel="Move members"
      pendingLabel="Moving…"
      pending={move.isPending}
      error={move.isError ? errorMessage(move.error) : null}
      onClose={close}
      onConfirm={() => {
        if (!tier) return;
        move.mutate(tier.id, {
          onSuccess: (result) => {
            const moved = result.scheduled + result.alreadyScheduled;
            const stripe = result.stripeMembers > 0 ? ` ${members(result.stripeMembers)} billed on Stripe.` : '';
            toast.success(
              moved === 0
                ? `Every member already pays the current price.${stripe}`
                : `${members(moved)} move to the new price from their first renewal after ${DAY.format(new Date(result.noticeEndsAt))}.${result.scheduled > 0 ? ` ${members(result.scheduled)} emailed.` : ''}${stripe}`,
            );
            close();
          },
        });
      }}
    />
  );
}

import { COMMERCE_MESSAGES, formatMoney, parseMoney, toMajorUnits, type CreatorBooking } from '@shopfront/core';
import { useId, useState } from 'react';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useCancelBooking } from '../api/bookings-api.ts';
import { buyerOf, whenLabel } from '../lib/booking-format.ts';

/** The refund typed in the major unit, checked in minor units against what the order still holds (the server checks again). */
function refundCentsOf(text: string, remaining: number, currency: string): { cents: number } | { error: string } {
  const cents = parseMoney(text.trim(), currency);
  if (cents === null) return { error: `Enter an amount like ${formatMoney(remaining, currency, { locale: 'en' })}` };
  if (cents <= 0) return { error: COMMERCE_MESSAGES.refundAmountTooLow };
  if (cents > remaining) return { error: COMMERCE_MESSAGES.refundAmountTooHigh };
  return { cents };
}

/**
 * The creator cancels a booking: with a paid order still holding money, "Refund" (checked) and the
 * amount, all that is left by default and any smaller amount typed instead.
 */
export function CancelBookingDialog({ storeId, timeZone, booking, onClose }: { storeId: string; timeZone: string; booking: CreatorBooking | null; onClose: () => void }) {
  const id = useId();
  const cancel = useCancelBooking(storeId);
  const [refund, setRefund] = useState(true);
  const [amount, setAmount] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const refundable = booking && booking.amountCents !== null ? booking.amountCents - (booking.refundedCents ?? 0) : 0;
  const currency = booking?.currency ?? 'usd';
  const shown = amount ?? toMajorUnits(refundable, currency);
  const close = () => {
    cancel.reset();
    setRefund(true);
    setAmount(null);
    setInvalid(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={booking !== null}
      title="Cancel this call?"
      description={
        booking ? (
          <>
            <span className="block">
              {booking.productTitle} with {buyerOf(booking)}, {whenLabel(booking, timeZone)}. The time becomes free at once and the buyer is told.
            </span>
            {refundable > 0 ? (
              <span className="mt-3 block space-y-2">
                <label className="flex min-h-11 items-center gap-2 text-slate-800">
                  <input type="checkbox" className="size-4 accent-brand-600" checked={refund} onChange={(event) => setRefund(event.target.checked)} />
                  Refund the buyer
                </label>
                <span className="block text-sm text-slate-600">{formatMoney(refundable, currency)} is left on this order.</span>
                {refund ? (
                  <span className="block space-y-1">
                    <label htmlFor={`${id}-amount`} className="block text-sm font-medium text-slate-800">
                      Amount to refund
                    </label>
                    <input
                      id={`${id}-amount`}
                      inputMode="decimal"
                      className="block min-h-11 w-40 rounded-lg border border-slate-300 bg-white px-3 text-base sm:text-sm"
                      value={shown}
                      aria-invalid={invalid ? true : undefined}
                      onChange={(event) => {
                        setAmount(event.target.value);
                        setInvalid(null);
                      }}
                    />
                  </span>
                ) : null}
              </span>
            ) : null}
          </>
        ) : (
          ''
        )
      }
      confirmLabel="Cancel call"
      pendingLabel="Cancelling…"
      pending={cancel.isPending}
      error={invalid ?? (cancel.isError ? errorMessage(cancel.error) : null)}
      onClose={close}
      onConfirm={() => {
        if (!booking) return;
        const withRefund = refundable > 0 && refund;
        let refundCents: number | undefined;
        if (withRefund) {
          const checked = refundCentsOf(shown, refundable, currency);
          if ('error' in checked) {
            setInvalid(checked.error);
            return;
          }
          // All that is left goes as a plain refund, so a payment refunded meanwhile never makes it fail.
          refundCents = checked.cents < refundable ? checked.cents : undefined;
        }
        cancel.mutate(
          { bookingId: booking.id, refund: withRefund, ...(refundCents === undefined ? {} : { refundCents }) },
          {
            onSuccess: ({ refundedCents }) => {
              toast.success(refundedCents > 0 ? `Call cancelled and ${formatMoney(refundedCents, currency)} refunded.` : 'Call cancelled.');
              close();
            },
          },
        );
      }}
    />
  );
}

import { formatMoney, type MyBooking, type MyCallPackage } from '@shopfront/core';
import { useState } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useCancelMyBooking, useMyBookings } from '../api/my-bookings-api.ts';
import { cancelRefundText } from '../lib/cancel-refund-text.ts';
import { dateTimeLabel, dayLabels, localDate } from '../lib/zoned-time.ts';
import { MyBookingCard } from './my-booking-card.tsx';
import { PickTimeDialog } from './pick-time-dialog.tsx';

export const NO_BOOKINGS_YET = 'You have no calls booked at this store.';

type Open = { kind: 'reschedule'; booking: MyBooking } | { kind: 'cancel'; booking: MyBooking } | { kind: 'book'; pack: MyCallPackage } | null;

/** The members area's calls: upcoming and past, packages with calls left to book. */
export function MyBookingsSection({ storeId, now = Date.now }: { storeId: string; now?: () => number }) {
  const list = useMyBookings(storeId);
  const cancel = useCancelMyBooking(storeId);
  const [open, setOpen] = useState<Open>(null);
  const close = () => {
    cancel.reset();
    setOpen(null);
  };
  if (list.isPending) return <Spinner label="Loading your calls" />;
  if (list.isError) return <LoadError title="Your calls could not load" error={list.error} onRetry={() => void list.refetch()} />;
  const { bookings, packages } = list.data;
  const at = now();
  const cancelling = open?.kind === 'cancel' ? open.booking : null;

  return (
    <section className="space-y-4" aria-label="Your calls">
      {packages.map((pack) => (
        <div key={pack.orderId} className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-4">
          <p className="text-sm text-slate-800">
            <span className="font-semibold">{pack.productTitle}</span>: {pack.sessionsLeft} of {pack.packageSize} calls left to book, until {dayLabels(localDate(pack.validUntil, 'UTC')).long}.
          </p>
          <Button onClick={() => setOpen({ kind: 'book', pack })}>Book a call</Button>
        </div>
      ))}
      {bookings.length === 0 ? <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">{NO_BOOKINGS_YET}</p> : null}
      {bookings.map((booking) => (
        <MyBookingCard key={booking.id} booking={booking} now={at} onReschedule={() => setOpen({ kind: 'reschedule', booking })} onCancel={() => setOpen({ kind: 'cancel', booking })} />
      ))}
      <PickTimeDialog storeId={storeId} open={open?.kind === 'reschedule' || open?.kind === 'book' ? open : null} onClose={close} />
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this call?"
        description={cancelling ? `${cancelling.productTitle} on ${dateTimeLabel(cancelling.startsAt, cancelling.timeZone)}. ${cancelRefundText(cancelling)}` : ''}
        confirmLabel="Cancel call"
        pendingLabel="Cancelling…"
        pending={cancel.isPending}
        error={cancel.isError ? errorMessage(cancel.error) : null}
        onClose={close}
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutate(cancelling.id, {
            onSuccess: ({ refundedCents }) => {
              const currency = cancelling.cancelRefund?.currency;
              toast.success(refundedCents > 0 && currency ? `Call cancelled. ${formatMoney(refundedCents, currency)} is refunded to you.` : refundedCents > 0 ? 'Call cancelled. Your refund is on its way.' : 'Call cancelled.');
              close();
            },
          });
        }}
      />
    </section>
  );
}

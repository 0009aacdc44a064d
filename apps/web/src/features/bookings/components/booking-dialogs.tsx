import type { CreatorBooking } from '@shopfront/core';
import { useMemo, useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { openSlotsLoader, useMarkNoShow, useRescheduleBooking } from '../api/bookings-api.ts';
import { buyerOf, whenLabel } from '../lib/booking-format.ts';
import { dateTimeLabel } from '../lib/zoned-time.ts';
import type { BookingAction } from './bookings-table.tsx';
import { CancelBookingDialog as CancelDialog } from './cancel-booking-dialog.tsx';
import { MeetingLinkForm } from './meeting-link-form.tsx';
import { SlotPicker } from './slot-picker.tsx';

export interface BookingDialogsProps {
  storeId: string;
  timeZone: string;
  open: { action: BookingAction; booking: CreatorBooking } | null;
  onClose: () => void;
}

/** Cancel (with or without a refund), no-show, reschedule and the meeting link for one booking; each confirms first. */
export function BookingDialogs({ storeId, timeZone, open, onClose }: BookingDialogsProps) {
  const booking = open?.booking ?? null;
  return (
    <>
      <CancelDialog storeId={storeId} timeZone={timeZone} booking={open?.action === 'cancel' ? booking : null} onClose={onClose} />
      <NoShowDialog storeId={storeId} timeZone={timeZone} booking={open?.action === 'no-show' ? booking : null} onClose={onClose} />
      <Dialog open={open?.action === 'meeting-link'} onClose={onClose} title="Meeting link" description={booking ? `${booking.productTitle} with ${buyerOf(booking)}, ${whenLabel(booking, timeZone)}.` : ''}>
        {booking ? <MeetingLinkForm key={booking.id} storeId={storeId} booking={booking} onSaved={onClose} /> : null}
      </Dialog>
      <Dialog open={open?.action === 'reschedule'} onClose={onClose} title="Reschedule the call" description={booking ? `${booking.productTitle} with ${buyerOf(booking)}, now ${whenLabel(booking, timeZone)}.` : ''}>
        {booking ? <RescheduleForm key={booking.id} storeId={storeId} timeZone={timeZone} booking={booking} onClose={onClose} /> : null}
      </Dialog>
    </>
  );
}

function NoShowDialog({ storeId, timeZone, booking, onClose }: { storeId: string; timeZone: string; booking: CreatorBooking | null; onClose: () => void }) {
  const mark = useMarkNoShow(storeId);
  const close = () => {
    mark.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={booking !== null}
      title="Mark as a no-show?"
      description={booking ? `${buyerOf(booking)} did not come to ${booking.productTitle} on ${whenLabel(booking, timeZone)}. No refund is made.` : ''}
      confirmLabel="Mark no-show"
      pendingLabel="Saving…"
      pending={mark.isPending}
      error={mark.isError ? errorMessage(mark.error) : null}
      onClose={close}
      onConfirm={() => booking && mark.mutate(booking.id, { onSuccess: () => close() })}
    />
  );
}

function RescheduleForm({ storeId, timeZone, booking, onClose }: { storeId: string; timeZone: string; booking: CreatorBooking; onClose: () => void }) {
  const move = useRescheduleBooking(storeId);
  const [zone, setZone] = useState(timeZone);
  const [start, setStart] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const loadSlots = useMemo(() => openSlotsLoader(storeId, booking.productId, booking.id), [storeId, booking.productId, booking.id]);
  return (
    <div className="space-y-4">
      <SlotPicker timeZone={zone} onTimeZoneChange={setZone} value={start} onChange={setStart} loadSlots={loadSlots} refreshKey={refreshKey} disabled={move.isPending} />
      {move.isError ? <Alert>{errorMessage(move.error)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={move.isPending}>
          Keep the time
        </Button>
        <Button
          disabled={!start || move.isPending}
          aria-busy={move.isPending}
          onClick={() =>
            start &&
            move.mutate(
              { bookingId: booking.id, startsAt: start },
              {
                onSuccess: (moved) => {
                  toast.success(`Moved to ${dateTimeLabel(moved.startsAt, timeZone)}. The buyer gets the new time.`);
                  onClose();
                },
                onError: () => {
                  setStart(null);
                  setRefreshKey((key) => key + 1);
                },
              },
            )
          }
        >
          {move.isPending ? 'Moving…' : start ? `Move to ${dateTimeLabel(start, zone)}` : 'Choose a new time'}
        </Button>
      </div>
    </div>
  );
}

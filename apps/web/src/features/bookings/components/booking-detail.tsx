import type { CreatorBooking } from '@shopfront/core';
import { Button } from '#src/components/ui/button.tsx';
import { buyerOf, buyerTimeLabel, STATUS_LABELS, whenLabel } from '../lib/booking-format.ts';
import type { BookingAction } from './bookings-table.tsx';
import { MeetingLinkForm, takesMeetingLink } from './meeting-link-form.tsx';

/** One booking opened from the week view: who, when (both zones), status, answers, its meeting link (a link made per booking) and its actions. */
export function BookingDetail({
  storeId,
  booking,
  timeZone,
  now,
  onAction,
  onClose,
}: {
  storeId: string;
  booking: CreatorBooking;
  timeZone: string;
  now: number;
  onAction: (action: BookingAction, booking: CreatorBooking) => void;
  onClose: () => void;
}) {
  const theirs = buyerTimeLabel(booking, timeZone);
  const started = Date.parse(booking.startsAt) <= now;
  return (
    <section aria-label={`Booking of ${buyerOf(booking)}`} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">{booking.productTitle}</h3>
          <p className="text-sm text-slate-700">{whenLabel(booking, timeZone)}</p>
          {theirs ? <p className="text-sm text-slate-600">{theirs}</p> : null}
        </div>
        <Button variant="ghost" onClick={onClose} aria-label="Close the booking">
          ✕
        </Button>
      </div>
      <p className="text-sm text-slate-800">
        {buyerOf(booking)} {booking.buyerName ? <span className="break-all text-slate-600">({booking.buyerEmail})</span> : null} · {STATUS_LABELS[booking.status].label}
      </p>
      {booking.answers.length > 0 ? (
        <dl className="space-y-2 text-sm">
          {booking.answers.map((answer) => (
            <div key={answer.questionId}>
              <dt className="font-semibold text-slate-700">{answer.label}</dt>
              <dd className="break-words whitespace-pre-wrap text-slate-900">{answer.answer || '—'}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {takesMeetingLink(booking, now) ? <MeetingLinkForm key={booking.id} storeId={storeId} booking={booking} /> : null}
      {booking.status === 'confirmed' ? (
        <div className="flex flex-wrap gap-2">
          {started ? null : (
            <Button variant="secondary" onClick={() => onAction('reschedule', booking)}>
              Reschedule
            </Button>
          )}
          <Button variant="ghost" onClick={() => onAction('cancel', booking)}>
            Cancel
          </Button>
          {started ? (
            <Button variant="ghost" onClick={() => onAction('no-show', booking)}>
              No-show
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

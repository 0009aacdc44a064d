import type { MyBooking } from '@shopfront/core';
import { safeHref } from '@shopfront/core/safe-url';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { dateTimeLabel, timeLabel, zoneName } from '../lib/zoned-time.ts';

const PLACE: Record<MyBooking['locationKind'], string> = {
  'video-url': 'Video call',
  'per-booking-link': 'Video call',
  phone: 'Phone call',
  'in-person': 'In person',
};

const STATE: Partial<Record<MyBooking['status'], string>> = { cancelled: 'Cancelled', no_show: 'Missed', expired: 'Not booked' };

/**
 * One of the customer's calls: when (in the zone they booked in), where, the join link from 15
 * minutes before the start until the end, and reschedule/cancel while the creator's policy allows.
 */
export function MyBookingCard({ booking, now, onReschedule, onCancel }: { booking: MyBooking; now: number; onReschedule: () => void; onCancel: () => void }) {
  const zone = booking.timeZone;
  const start = Date.parse(booking.startsAt);
  const end = Date.parse(booking.endsAt);
  const confirmed = booking.status === 'confirmed';
  const video = booking.locationKind === 'video-url' || booking.locationKind === 'per-booking-link';
  const joinOpen = confirmed && video && now >= Date.parse(booking.joinOpensAt) && now < end;
  const joinHref = joinOpen && booking.locationValue ? safeHref(booking.locationValue) : null;
  const changeable = confirmed && booking.changeableUntil !== null && now <= Date.parse(booking.changeableUntil);
  const past = now >= end;
  const state = STATE[booking.status] ?? (past ? 'Done' : null);

  return (
    <article className="space-y-3 rounded-xl p-4 ring-1 ring-slate-200" aria-label={`${booking.productTitle}, ${dateTimeLabel(booking.startsAt, zone)}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">{booking.productTitle}</h3>
          <p className="text-sm text-slate-700">
            <time dateTime={booking.startsAt}>{dateTimeLabel(booking.startsAt, zone)}</time> – {timeLabel(booking.endsAt, zone)} <span className="text-slate-500">({zoneName(zone)})</span>
          </p>
          <p className="text-sm text-slate-600">
            {PLACE[booking.locationKind]}
            {!video && booking.locationValue ? `: ${booking.locationValue}` : ''}
          </p>
        </div>
        {state ? <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">{state}</span> : null}
      </div>
      {confirmed && video && !past ? (
        joinHref ? (
          <a href={joinHref} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'w-full sm:w-auto')}>
            Join the call<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : joinOpen ? (
          <p className="text-sm text-slate-600">The creator sends you the link for this call.</p>
        ) : (
          <p className="text-sm text-slate-600">The join link appears here 15 minutes before the call.</p>
        )
      ) : null}
      {changeable ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onReschedule} aria-label={`Reschedule ${booking.productTitle}`}>
            Reschedule
          </Button>
          <Button variant="ghost" onClick={onCancel} aria-label={`Cancel ${booking.productTitle}`}>
            Cancel
          </Button>
          <p className="basis-full text-xs text-slate-500">You can change or cancel until {dateTimeLabel(booking.changeableUntil!, zone)}.</p>
        </div>
      ) : confirmed && start > now ? (
        <p className="text-xs text-slate-500">This call can no longer be changed online; write to the creator if you need to.</p>
      ) : null}
    </article>
  );
}

import type { CreatorBooking } from '@shopfront/core';
import { useState } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useBookingsBetween } from '../api/bookings-api.ts';
import { buyerOf, STATUS_LABELS } from '../lib/booking-format.ts';
import { addDays, dayLabels, localDate, queryWindow, timeLabel } from '../lib/zoned-time.ts';
import { BookingDetail } from './booking-detail.tsx';
import type { BookingAction } from './bookings-table.tsx';

const HOUR_PX = 56;

/** Minutes since local midnight of an instant in `timeZone`. */
function minuteOfDay(instant: string, timeZone: string): number {
  const [hours, minutes] = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instant)).split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** Monday of the week `date` is in. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * A week of bookings in the store's zone: 7 columns with each booking placed by its time (one day
 * at a time on phones). Each booking is a button that opens its details and actions below.
 */
export function WeekView({ storeId, timeZone, now, onAction }: { storeId: string; timeZone: string; now: number; onAction: (action: BookingAction, booking: CreatorBooking) => void }) {
  const today = localDate(new Date(now), timeZone);
  const [monday, setMonday] = useState(() => mondayOf(today));
  const [phoneDay, setPhoneDay] = useState(() => today);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const range = queryWindow(monday, 7);
  const week = useBookingsBetween(storeId, range.from, range.to);
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const shownDay = days.includes(phoneDay) ? phoneDay : days[0]!;
  const bookings = (week.data?.bookings ?? []).filter((booking) => days.includes(localDate(booking.startsAt, timeZone)));
  const selected = bookings.find((booking) => booking.id === selectedId) ?? null;
  const minutes = bookings.flatMap((booking) => [minuteOfDay(booking.startsAt, timeZone), minuteOfDay(booking.startsAt, timeZone) + (Date.parse(booking.endsAt) - Date.parse(booking.startsAt)) / 60_000]);
  const firstHour = Math.min(8, ...minutes.map((minute) => Math.floor(minute / 60)));
  const lastHour = Math.min(24, Math.max(18, ...minutes.map((minute) => Math.ceil(minute / 60))));
  const hours = Array.from({ length: lastHour - firstHour }, (_, index) => firstHour + index);
  const goWeek = (by: number) => {
    const next = addDays(monday, by * 7);
    setMonday(next);
    setPhoneDay(next);
    setSelectedId(null);
  };
  const goDay = (by: number) => {
    const next = addDays(shownDay, by);
    if (!days.includes(next)) setMonday(mondayOf(next));
    setPhoneDay(next);
  };

  return (
    <section aria-label="Week of bookings" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">
          {dayLabels(days[0]!).month} {dayLabels(days[0]!).day} – {dayLabels(days[6]!).month} {dayLabels(days[6]!).day}
        </h2>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => goWeek(-1)} aria-label="Previous week">‹</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setMonday(mondayOf(today));
              setPhoneDay(today);
            }}
          >
            This week
          </Button>
          <Button variant="secondary" onClick={() => goWeek(1)} aria-label="Next week">›</Button>
        </div>
      </div>
      <div className="flex items-center justify-between sm:hidden">
        <Button variant="ghost" onClick={() => goDay(-1)} aria-label="Previous day">‹ Day</Button>
        <p className="font-semibold text-slate-900">{dayLabels(shownDay).long}</p>
        <Button variant="ghost" onClick={() => goDay(1)} aria-label="Next day">Day ›</Button>
      </div>
      {week.isPending ? (
        <Spinner label="Loading the week" />
      ) : week.isError ? (
        <LoadError title="The week could not load" error={week.error} onRetry={() => void week.refetch()} />
      ) : (
        <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" aria-busy={week.isFetching}>
          <div className="grid grid-cols-[3rem_minmax(0,1fr)] sm:grid-cols-[3.5rem_repeat(7,minmax(0,1fr))]">
            <div aria-hidden="true" className="border-b border-slate-200 bg-slate-50" />
            {days.map((day) => (
              <div key={day} className={cn('border-b border-l border-slate-200 bg-slate-50 px-2 py-2 text-center text-sm', day === shownDay ? 'block' : 'hidden sm:block', day === today && 'font-bold text-brand-700')}>
                {dayLabels(day).weekday} {dayLabels(day).day}
              </div>
            ))}
            <div aria-hidden="true" className="relative" style={{ height: hours.length * HOUR_PX }}>
              {hours.map((hour, index) => (
                <span key={hour} className="absolute right-1 -translate-y-1/2 text-xs text-slate-500" style={{ top: index * HOUR_PX }}>
                  {index === 0 ? '' : `${String(hour).padStart(2, '0')}:00`}
                </span>
              ))}
            </div>
            {days.map((day) => (
              <ul key={day} aria-label={`Bookings on ${dayLabels(day).long}`} className={cn('relative border-l border-slate-200', day === shownDay ? 'block' : 'hidden sm:block')} style={{ height: hours.length * HOUR_PX, backgroundImage: `repeating-linear-gradient(to bottom, transparent 0 ${HOUR_PX - 1}px, rgb(241 245 249) ${HOUR_PX - 1}px ${HOUR_PX}px)` }}>
                {bookings.filter((booking) => localDate(booking.startsAt, timeZone) === day).map((booking) => {
                  const start = minuteOfDay(booking.startsAt, timeZone);
                  const length = (Date.parse(booking.endsAt) - Date.parse(booking.startsAt)) / 60_000;
                  const inactive = booking.status === 'cancelled' || booking.status === 'expired';
                  return (
                    <li key={booking.id} className="absolute inset-x-1" style={{ top: ((start - firstHour * 60) / 60) * HOUR_PX, height: Math.max((length / 60) * HOUR_PX, 40) }}>
                      <button
                        type="button"
                        aria-pressed={booking.id === selectedId}
                        aria-label={`${timeLabel(booking.startsAt, timeZone)}, ${buyerOf(booking)}, ${booking.productTitle}, ${STATUS_LABELS[booking.status].label}`}
                        onClick={() => setSelectedId(booking.id === selectedId ? null : booking.id)}
                        className={cn('h-full w-full overflow-hidden rounded-lg px-2 py-1 text-left text-xs ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-brand-600', inactive ? 'bg-slate-50 text-slate-500 line-through ring-slate-200' : 'bg-brand-50 text-brand-900 ring-brand-200', booking.id === selectedId && 'ring-2 ring-brand-600')}
                      >
                        <span className="block font-semibold">{timeLabel(booking.startsAt, timeZone)}</span>
                        <span className="block truncate">{buyerOf(booking)}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            ))}
          </div>
          {bookings.length === 0 ? <p className="border-t border-slate-200 p-4 text-center text-sm text-slate-600">No bookings this week.</p> : null}
        </div>
      )}
      {selected ? <BookingDetail storeId={storeId} booking={selected} timeZone={timeZone} now={now} onAction={onAction} onClose={() => setSelectedId(null)} /> : null}
    </section>
  );
}

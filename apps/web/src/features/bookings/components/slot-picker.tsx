import { useId, useState } from 'react';
import { addDays, dayLabels, localDate, type DaySlots } from '../lib/zoned-time.ts';
import { onRadioKeys } from './radio-keys.ts';
import { TimeZoneChooser } from './time-zone-chooser.tsx';
import { TimeGrid } from './time-grid.tsx';
import { useWeekSlots, type LoadSlots } from './use-week-slots.ts';
import './slot-picker.css';

export const NO_TIMES_THIS_WEEK = 'No times left this week — try the next';

export interface SlotPickerProps {
  /** The buyer's zone: every day and time is labelled in it. */
  timeZone: string;
  onTimeZoneChange: (zone: string) => void;
  /** The chosen start (an ISO instant), or null. */
  value: string | null;
  onChange: (start: string | null) => void;
  loadSlots: LoadSlots;
  /** Changing it asks for the shown week again (a time someone else just took). */
  refreshKey?: number;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  disabled?: boolean;
}

/**
 * A week of days and the open times of the chosen day, in the buyer's (changeable) zone: two
 * radio groups, arrows moving between days and between times. Dependency-free: it ships in the
 * storefront script. The server decides what is open; this only shows its answer.
 */
export function SlotPicker({ timeZone, onTimeZoneChange, value, onChange, loadSlots, refreshKey = 0, now = () => new Date(), disabled = false }: SlotPickerProps) {
  const id = useId();
  const [week, setWeek] = useState(0);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const firstDay = addDays(localDate(now(), timeZone), week * 7);
  const slots = useWeekSlots(loadSlots, firstDay, timeZone, refreshKey);
  const days = slots.state === 'ready' ? slots.days : null;
  const open = days?.filter((day) => day.starts.length > 0) ?? [];
  const valueDay = value ? days?.find((day) => day.starts.includes(value)) : undefined;
  const day = open.find((candidate) => candidate.date === chosenDay) ?? valueDay ?? open[0] ?? null;
  const last = addDays(firstDay, 6);

  const move = (by: number) => {
    setWeek(week + by);
    setChosenDay(null);
  };

  return (
    <div className="sf-slots" aria-busy={slots.state === 'loading'}>
      <TimeZoneChooser timeZone={timeZone} onChange={onTimeZoneChange} disabled={disabled} />
      <div className="sf-slots-week">
        <button type="button" className="sf-slots-nav" onClick={() => move(-1)} disabled={week === 0 || disabled} aria-label="Previous week">
          ‹
        </button>
        <h3 id={`${id}-week`} className="sf-slots-range">
          {rangeLabel(firstDay, last)}
        </h3>
        <button type="button" className="sf-slots-nav" onClick={() => move(1)} disabled={disabled} aria-label="Next week">
          ›
        </button>
      </div>
      {slots.state === 'loading' ? (
        <p className="sf-slots-note" role="status">
          <span className="sf-spinner" aria-hidden="true" /> Loading times…
        </p>
      ) : slots.state === 'error' ? (
        <div className="sf-slots-note" role="alert">
          <p className="sf-checkout-error">{slots.message}</p>
          <button type="button" className="sf-slots-link" onClick={slots.retry}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <DayStrip days={slots.days} chosen={day?.date ?? null} labelledBy={`${id}-week`} disabled={disabled} onChoose={setChosenDay} />
          {day ? (
            <TimeGrid key={day.date} day={day} timeZone={timeZone} value={value} onChange={onChange} disabled={disabled} />
          ) : (
            <div className="sf-slots-note" role="status">
              <p>{NO_TIMES_THIS_WEEK}</p>
              <button type="button" className="sf-slots-link" onClick={() => move(1)} disabled={disabled}>
                Show next week
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function rangeLabel(first: string, last: string): string {
  const a = dayLabels(first);
  const b = dayLabels(last);
  return a.month === b.month ? `${a.month} ${a.day} – ${b.day}` : `${a.month} ${a.day} – ${b.month} ${b.day}`;
}

/** The week's 7 days: a radio group; a day without open times is shown but cannot be chosen. */
function DayStrip({ days, chosen, labelledBy, disabled, onChoose }: { days: DaySlots[]; chosen: string | null; labelledBy: string; disabled: boolean; onChoose: (date: string) => void }) {
  return (
    <div role="radiogroup" aria-label="Day" aria-describedby={labelledBy} className="sf-slots-days" onKeyDown={(event) => onRadioKeysFor(event, days, onChoose)}>
      {days.map((day) => {
        const labels = dayLabels(day.date);
        const empty = day.starts.length === 0;
        const checked = day.date === chosen;
        return (
          <button
            key={day.date}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-disabled={empty || disabled ? true : undefined}
            aria-label={`${labels.long}${empty ? ', no times' : `, ${day.starts.length} ${day.starts.length === 1 ? 'time' : 'times'}`}`}
            tabIndex={checked ? 0 : -1}
            className="sf-slots-day"
            onClick={() => (empty || disabled ? undefined : onChoose(day.date))}
          >
            <span className="sf-slots-weekday">{labels.weekday}</span>
            <span className="sf-slots-date">{labels.day}</span>
          </button>
        );
      })}
    </div>
  );
}

function onRadioKeysFor(event: Parameters<typeof onRadioKeys>[0], days: DaySlots[], onChoose: (date: string) => void) {
  onRadioKeys(event, (index) => {
    const day = days[index];
    if (day) onChoose(day.date);
  });
}

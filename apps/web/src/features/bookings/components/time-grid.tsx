import { dayLabels, offsetLabel, timeLabel, type DaySlots } from '../lib/zoned-time.ts';
import { onRadioKeys } from './radio-keys.ts';

/**
 * The open times of one day: a radio group. On the night the clocks go back one wall time can
 * happen twice; both are shown, each with its UTC offset.
 */
export function TimeGrid({ day, timeZone, value, onChange, disabled }: { day: DaySlots; timeZone: string; value: string | null; onChange: (start: string) => void; disabled: boolean }) {
  const labels = day.starts.map((start) => timeLabel(start, timeZone));
  const repeated = new Set(labels.filter((label, index) => labels.indexOf(label) !== index));
  const chosen = day.starts.indexOf(value ?? '');
  return (
    <div
      role="radiogroup"
      aria-label={`Times on ${dayLabels(day.date).long}`}
      className="sf-slots-times"
      onKeyDown={(event) =>
        onRadioKeys(event, (index) => {
          const start = day.starts[index];
          if (start) onChange(start);
        })
      }
    >
      {day.starts.map((start, index) => {
        const label = labels[index]!;
        const shown = repeated.has(label) ? `${label} (${offsetLabel(start, timeZone)})` : label;
        return (
          <button
            key={start}
            type="button"
            role="radio"
            aria-checked={index === chosen}
            aria-disabled={disabled ? true : undefined}
            tabIndex={index === chosen || (chosen < 0 && index === 0) ? 0 : -1}
            className="sf-slots-time"
            data-start={start}
            onClick={() => (disabled ? undefined : onChange(start))}
          >
            {shown}
          </button>
        );
      })}
    </div>
  );
}

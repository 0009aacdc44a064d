import { useId, useState, type FormEvent } from 'react';
import { ANALYTICS_LIMITS } from '@shopfront/core';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { customRangeError, PERIOD_OPTIONS, type PeriodChoice } from '../lib/period.ts';

const inputClass =
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600 aria-invalid:border-red-600 sm:text-sm';

/** Today, 7 days, 30 days, 12 months, or two days of the creator's choosing (checked before asking). */
export function PeriodPicker({ choice, onChange }: { choice: PeriodChoice; onChange: (next: PeriodChoice) => void }) {
  const id = useId();
  const [customOpen, setCustomOpen] = useState(choice.period === 'custom');
  const [from, setFrom] = useState(choice.from);
  const [to, setTo] = useState(choice.to);
  const [submitted, setSubmitted] = useState<string | null>(null);
  // Back, forward and links change the period under the picker: follow them (without remounting, so focus stays).
  const shown = `${choice.period}|${choice.from}|${choice.to}`;
  const [seen, setSeen] = useState(shown);
  if (seen !== shown) {
    setSeen(shown);
    setFrom(choice.from);
    setTo(choice.to);
    setSubmitted(null);
    setCustomOpen(choice.period === 'custom');
  }
  // A custom range straight from the URL is checked too: nothing is asked until it is valid.
  const error = submitted ?? (choice.period === 'custom' ? customRangeError(choice.from, choice.to) : null);
  const showCustom = customOpen || choice.period === 'custom';

  const pick = (period: PeriodChoice['period']) => {
    setSubmitted(null);
    if (period === 'custom') {
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    onChange({ period, from: '', to: '' });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = customRangeError(from, to);
    setSubmitted(problem);
    if (!problem) onChange({ period: 'custom', from: from.trim(), to: to.trim() });
  };

  return (
    <div className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div role="group" aria-label="Period" className="flex flex-wrap gap-2">
        {PERIOD_OPTIONS.map((option) => {
          const pressed = option.period === 'custom' ? showCustom : !showCustom && choice.period === option.period;
          return (
            <button
              key={option.period}
              type="button"
              aria-pressed={pressed}
              aria-expanded={option.period === 'custom' ? showCustom : undefined}
              aria-controls={option.period === 'custom' ? `${id}-custom` : undefined}
              onClick={() => pick(option.period)}
              className={cn(
                'min-h-10 rounded-full px-4 text-sm font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                pressed ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      {showCustom ? (
        <form id={`${id}-custom`} noValidate onSubmit={apply} aria-label="Custom period" className="flex flex-wrap items-end gap-3">
          <div className="min-w-36 flex-1 space-y-1.5 sm:flex-none">
            <label htmlFor={`${id}-from`} className="block text-sm font-medium text-slate-800">
              From
            </label>
            <input
              id={`${id}-from`}
              type="date"
              value={from}
              min={ANALYTICS_LIMITS.dayMin}
              max={to || ANALYTICS_LIMITS.dayMax}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setFrom(event.target.value)}
              className={inputClass}
            />
          </div>
          <div className="min-w-36 flex-1 space-y-1.5 sm:flex-none">
            <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-800">
              To
            </label>
            <input
              id={`${id}-to`}
              type="date"
              value={to}
              min={from || ANALYTICS_LIMITS.dayMin}
              max={ANALYTICS_LIMITS.dayMax}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setTo(event.target.value)}
              className={inputClass}
            />
          </div>
          <Button type="submit" variant="secondary">
            Apply
          </Button>
          {error ? (
            <p id={`${id}-error`} role="alert" className="basis-full text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}

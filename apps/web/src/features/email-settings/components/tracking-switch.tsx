import { useId } from 'react';
import { cn } from '#src/components/ui/cn.ts';

export const TRACKING_EXPLANATION = 'Off by default. When on, each email carries a tiny image and its links pass through a redirect, so you see opens and clicks.';

/** Open and click tracking as an accessible switch (role="switch"; Space and Enter toggle it). */
export function TrackingSwitch({ checked, onChange, disabled }: { checked: boolean; onChange: (next: boolean) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
          Open and click tracking
        </p>
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          {TRACKING_EXPLANATION}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50',
          checked ? 'bg-brand-600' : 'bg-slate-300',
        )}
      >
        <span aria-hidden="true" className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-6' : 'translate-x-1')} />
      </button>
    </div>
  );
}

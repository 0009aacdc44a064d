import { useId } from 'react';
import { cn } from '#src/components/ui/cn.ts';

/**
 * Marketing consent as an accessible switch (role="switch", Space/Enter toggle it). A customer who
 * unsubscribed shows it off and locked: only they can opt back in (the server refuses it too).
 */
export function ConsentSwitch({
  checked,
  onChange,
  disabled,
  unsubscribedAt = null,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  disabled?: boolean;
  unsubscribedAt?: string | null;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
          Marketing consent
        </p>
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          {unsubscribedAt
            ? `Unsubscribed on ${new Date(unsubscribedAt).toLocaleDateString()}. Only they can opt back in, at checkout or in their members area.`
            : 'They agreed to receive marketing emails.'}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        disabled={disabled || (unsubscribedAt !== null && !checked)}
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

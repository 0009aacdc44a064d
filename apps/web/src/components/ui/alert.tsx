import type { ReactNode } from 'react';
import { cn } from './cn.ts';

const TONES = {
  error: { box: 'bg-red-50 text-red-800 ring-red-200', icon: 'text-red-500', path: 'M12 8v5M12 16h.01' },
  warning: { box: 'bg-amber-50 text-amber-900 ring-amber-200', icon: 'text-amber-500', path: 'M12 8v5M12 16h.01' },
  info: { box: 'bg-sky-50 text-sky-900 ring-sky-200', icon: 'text-sky-500', path: 'M12 11v5M12 8h.01' },
  success: { box: 'bg-emerald-50 text-emerald-900 ring-emerald-200', icon: 'text-emerald-500', path: 'M8 12.5l2.5 2.5L16 9.5' },
} as const;
export type AlertTone = keyof typeof TONES;

/** A message inside a form or section. Errors are announced at once (role=alert), the rest politely. */
export function Alert({ tone = 'error', title, children, className }: { tone?: AlertTone; title?: string; children: ReactNode; className?: string }) {
  const style = TONES[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('flex gap-3 rounded-xl p-3.5 text-sm ring-1 ring-inset', style.box, className)}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={cn('mt-px size-5 shrink-0', style.icon)} aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d={style.path} />
      </svg>
      <div className="min-w-0 space-y-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div className="break-words">{children}</div>
      </div>
    </div>
  );
}

import type { ButtonHTMLAttributes } from 'react';
import { cn } from '#src/components/ui/cn.ts';

const ICONS = {
  up: 'M10 15V5M5.5 9.5 10 5l4.5 4.5',
  down: 'M10 5v10M5.5 10.5 10 15l4.5-4.5',
  remove: 'M5 6h10M8 6V4.5h4V6M6.5 6l.7 9.5h5.6l.7-9.5',
  grip: 'M7.5 5h.01M12.5 5h.01M7.5 10h.01M12.5 10h.01M7.5 15h.01M12.5 15h.01',
} as const;

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: keyof typeof ICONS;
  /** The accessible name (the button shows only the icon). */
  label: string;
}

/** A 40 px square icon button with an accessible name. */
export function IconButton({ icon, label, className, ...props }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:pointer-events-none disabled:opacity-30',
        icon === 'remove' && 'hover:bg-red-50 hover:text-red-600',
        className,
      )}
      {...props}
    >
      <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth={icon === 'grip' ? 3 : 1.8} strokeLinecap="round" strokeLinejoin="round" className="size-5" aria-hidden="true">
        <path d={ICONS[icon]} />
      </svg>
    </button>
  );
}

import type { ReactNode } from 'react';
import { CenteredPage } from '../layout/centered-page.tsx';

export const STATUS_TONES = {
  neutral: 'bg-slate-100 text-slate-600',
  warning: 'bg-amber-100 text-amber-700',
  danger: 'bg-red-100 text-red-700',
  brand: 'bg-brand-50 text-brand-600',
} as const;

interface StatusScreenProps {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  icon?: ReactNode;
  tone?: keyof typeof STATUS_TONES;
  /** `alert` for failures the visitor did not expect (error boundary). */
  role?: 'alert' | 'status';
}

/** One look for every full-page status: not found, maintenance, errors. */
export function StatusScreen({ title, children, actions, icon, tone = 'neutral', role }: StatusScreenProps) {
  return (
    <CenteredPage>
      <section role={role} aria-labelledby="status-title" className="text-center">
        <div className={`mx-auto mb-6 flex size-14 items-center justify-center rounded-2xl ${STATUS_TONES[tone]}`} aria-hidden="true">
          {icon ?? <DefaultIcon />}
        </div>
        <h1 id="status-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h1>
        {children ? <div className="mt-3 space-y-2 text-base text-slate-600">{children}</div> : null}
        {actions ? <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">{actions}</div> : null}
      </section>
    </CenteredPage>
  );
}

function DefaultIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-7">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v5M12 16h.01" strokeLinecap="round" />
    </svg>
  );
}

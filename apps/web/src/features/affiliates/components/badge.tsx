import type { ReactNode } from 'react';
import { cn } from '#src/components/ui/cn.ts';
import type { Tone } from '../lib/status-labels.ts';

const TONES: Record<Tone, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  amber: 'bg-amber-50 text-amber-900 ring-amber-200',
  slate: 'bg-slate-100 text-slate-700 ring-slate-300',
  red: 'bg-red-50 text-red-800 ring-red-200',
  sky: 'bg-sky-50 text-sky-900 ring-sky-200',
};

/** A status in words, with a colour that only repeats them. */
export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', TONES[tone])}>{children}</span>;
}

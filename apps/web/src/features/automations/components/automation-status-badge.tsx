import type { AutomationStatus } from '@shopfront/core';
import { cn } from '#src/components/ui/cn.ts';

const STATUS: Record<AutomationStatus, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-slate-100 text-slate-700' },
  live: { label: 'Live', className: 'bg-emerald-50 text-emerald-800' },
  paused: { label: 'Paused', className: 'bg-amber-50 text-amber-900' },
};

export function AutomationStatusBadge({ status }: { status: AutomationStatus }) {
  const { label, className } = STATUS[status];
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', className)}>{label}</span>;
}

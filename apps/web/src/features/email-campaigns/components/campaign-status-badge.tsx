import type { CampaignStatus } from '@shopfront/core';
import { cn } from '#src/components/ui/cn.ts';

const STATUS: Record<CampaignStatus, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-slate-100 text-slate-700' },
  scheduled: { label: 'Scheduled', className: 'bg-sky-50 text-sky-800' },
  sending: { label: 'Sending', className: 'bg-amber-50 text-amber-900' },
  sent: { label: 'Sent', className: 'bg-emerald-50 text-emerald-800' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-800' },
  cancelled: { label: 'Cancelled', className: 'bg-slate-100 text-slate-600' },
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { label, className } = STATUS[status];
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', className)}>{label}</span>;
}

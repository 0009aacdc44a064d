import type { WebsitePageStatus } from '@shopfront/core';
import { cn } from '#src/components/ui/cn.ts';

const STATUS: Record<WebsitePageStatus, { label: string; className: string }> = {
  draft: { label: 'Not published', className: 'bg-slate-100 text-slate-700' },
  published: { label: 'Published', className: 'bg-emerald-50 text-emerald-800' },
  changed: { label: 'Unpublished changes', className: 'bg-amber-50 text-amber-900' },
};

export function PageStatusBadge({ status }: { status: WebsitePageStatus }) {
  const { label, className } = STATUS[status];
  return <span className={cn('inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold', className)}>{label}</span>;
}

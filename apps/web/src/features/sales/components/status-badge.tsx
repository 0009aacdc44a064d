import type { OrderStatus } from '@shopfront/core';
import { cn } from '#src/components/ui/cn.ts';

const STYLES: Record<OrderStatus, { label: string; className: string }> = {
  paid: { label: 'Paid', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  refunded: { label: 'Refunded', className: 'bg-slate-100 text-slate-700 ring-slate-300' },
};

const PARTLY_REFUNDED = { label: 'Partly refunded', className: 'bg-amber-50 text-amber-800 ring-amber-200' };

/** Paid, Refunded, or Partly refunded (paid with some refunds: its downloads still work). */
export function StatusBadge({ status, partlyRefunded = false }: { status: OrderStatus; partlyRefunded?: boolean }) {
  const style = status === 'paid' && partlyRefunded ? PARTLY_REFUNDED : STYLES[status];
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', style.className)}>{style.label}</span>;
}

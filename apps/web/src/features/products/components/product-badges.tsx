import type { ProductStatus, ProductType } from '@shopfront/core';
import { cn } from '#src/components/ui/cn.ts';
import { STATUS_LABELS, TYPE_INFO } from '../lib/product-labels.ts';

const STATUS_STYLES: Record<ProductStatus, string> = {
  draft: 'bg-amber-50 text-amber-800 ring-amber-200',
  published: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  archived: 'bg-slate-100 text-slate-600 ring-slate-200',
};

const TYPE_STYLES: Record<ProductType, string> = {
  digital: 'bg-brand-50 text-brand-700 ring-brand-100',
  'lead-magnet': 'bg-violet-50 text-violet-800 ring-violet-200',
  link: 'bg-sky-50 text-sky-800 ring-sky-200',
  membership: 'bg-rose-50 text-rose-800 ring-rose-200',
  course: 'bg-teal-50 text-teal-800 ring-teal-200',
  call: 'bg-orange-50 text-orange-800 ring-orange-200',
};

const badge = 'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

/** "Draft", "Published", "Archived". */
export function StatusBadge({ status }: { status: ProductStatus }) {
  return <span className={cn(badge, STATUS_STYLES[status])}>{STATUS_LABELS[status]}</span>;
}

/** "Digital download", "Lead magnet", "Link". */
export function TypeBadge({ type }: { type: ProductType }) {
  return <span className={cn(badge, TYPE_STYLES[type])}>{TYPE_INFO[type].label}</span>;
}

/** The cover, or a neutral tile with the product icon. */
export function CoverThumb({ url, className }: { url: string | null; className?: string }) {
  return (
    <span className={cn('flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-slate-100 text-slate-400 ring-1 ring-slate-200', className)}>
      {url ? (
        <img src={url} alt="" className="size-full object-cover" />
      ) : (
        <ProductIcon strokeWidth="1.6" className="size-1/2" />
      )}
    </span>
  );
}

/** The product icon (a box), drawn in the current text colour. */
export function ProductIcon({ strokeWidth = '1.8', className }: { strokeWidth?: string; className: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={strokeWidth} strokeLinecap="round" strokeLinejoin="round" className={className} aria-hidden="true">
      <path d="M4 7l8-4 8 4v10l-8 4-8-4zM4 7l8 4 8-4M12 11v10" />
    </svg>
  );
}

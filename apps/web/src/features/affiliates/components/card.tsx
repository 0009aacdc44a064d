import { useId, type ReactNode } from 'react';
import { cn } from '#src/components/ui/cn.ts';

/** A titled white card; `min-w-0` so a wide table inside scrolls in the card, never the page. */
export function Card({ title, description, actions, children, className }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cn('min-w-0 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200', className)}>
      <div className="flex flex-wrap items-start justify-between gap-3 px-4 pt-4 sm:px-5 sm:pt-5">
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <div className="mt-0.5 text-sm text-slate-600">{description}</div> : null}
        </div>
        {actions}
      </div>
      <div className="pt-4 pb-4 sm:pb-5">{children}</div>
    </section>
  );
}

/** The padding a card's non-table content takes (tables run edge to edge). */
export const CARD_BODY = 'px-4 sm:px-5';

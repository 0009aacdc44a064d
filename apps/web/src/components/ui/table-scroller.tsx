import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn.ts';

type Edges = { left: boolean; right: boolean };

/**
 * The frame of a wide table: it scrolls sideways inside its card, never the page. When columns
 * are out of sight a shadow marks the side they are on and a line under the table says so, and
 * the frame takes keyboard focus (arrow keys scroll it) — a column is never just cut off.
 */
export function TableScroller({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ left: false, right: false });

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => {
      const next = { left: element.scrollLeft > 1, right: element.scrollLeft + element.clientWidth < element.scrollWidth - 1 };
      setEdges((current) => (current.left === next.left && current.right === next.right ? current : next));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    // Columns change width as data loads and the window resizes (no ResizeObserver in old engines or jsdom).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);

  const scrolls = edges.left || edges.right;
  return (
    // `overflow-hidden`: a rounded frame clips the table's corners as a scrolling one did.
    <div className={cn('relative overflow-hidden', className)}>
      <div
        ref={frame}
        role={scrolls ? 'region' : undefined}
        aria-label={scrolls ? `${label} (scrolls sideways)` : undefined}
        tabIndex={scrolls ? 0 : undefined}
        // `relative`: visually hidden (absolute) text in the cells stays inside the scroller instead of widening the page.
        className="relative overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        {children}
      </div>
      <span aria-hidden="true" className={cn('pointer-events-none absolute inset-y-0 left-0 w-6 bg-gradient-to-r from-slate-900/10 to-transparent transition-opacity', edges.left ? 'opacity-100' : 'opacity-0')} />
      <span aria-hidden="true" className={cn('pointer-events-none absolute inset-y-0 right-0 w-6 bg-gradient-to-l from-slate-900/10 to-transparent transition-opacity', edges.right ? 'opacity-100' : 'opacity-0')} />
      {edges.right ? (
        <p data-testid="table-more-columns" className="px-4 pt-1.5 text-right text-xs font-medium text-slate-500">
          More columns: scroll sideways <span aria-hidden="true">→</span>
        </p>
      ) : null}
    </div>
  );
}

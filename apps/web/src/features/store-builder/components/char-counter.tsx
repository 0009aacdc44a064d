import { cn } from '#src/components/ui/cn.ts';

/** "42 / 99", read out only when it matters (near or over the limit). */
export function CharCounter({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length > max;
  const near = !over && length > max * 0.9;
  return (
    <span id={id} aria-live={over || near ? 'polite' : 'off'} className={cn('text-xs tabular-nums', over ? 'font-semibold text-red-600' : near ? 'text-amber-700' : 'text-slate-500')}>
      {length} / {max}
      <span className="sr-only"> characters</span>
    </span>
  );
}

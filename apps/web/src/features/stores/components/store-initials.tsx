import { cn } from '#src/components/ui/cn.ts';

const HUES = ['bg-brand-600', 'bg-emerald-600', 'bg-amber-600', 'bg-rose-600', 'bg-sky-600', 'bg-violet-600'] as const;

function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter((word) => /^[\p{L}\p{N}]/u.test(word))
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

/** A store's initials on a colour picked from its id, so stores tell apart at a glance. */
export function StoreInitials({ id, name, className }: { id: string; name: string; className?: string }) {
  const hue = HUES[[...id].reduce((sum, char) => sum + char.charCodeAt(0), 0) % HUES.length];
  return (
    <span aria-hidden="true" className={cn('flex shrink-0 items-center justify-center rounded-lg font-semibold text-white', hue, className ?? 'size-7 text-xs')}>
      {initialsOf(name)}
    </span>
  );
}

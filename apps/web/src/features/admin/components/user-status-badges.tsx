import { cn } from '#src/components/ui/cn.ts';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

/** Admin and active/deactivated, as small labels. */
export function UserStatusBadges({ user }: { user: { isAdmin: boolean; isActive: boolean } }) {
  return (
    <span className="flex flex-wrap gap-1">
      {user.isAdmin ? <span className={cn(badge, 'bg-brand-50 text-brand-700 ring-brand-200')}>Admin</span> : null}
      {user.isActive ? (
        <span className={cn(badge, 'bg-emerald-50 text-emerald-800 ring-emerald-200')}>Active</span>
      ) : (
        <span className={cn(badge, 'bg-red-50 text-red-800 ring-red-200')}>Deactivated</span>
      )}
    </span>
  );
}

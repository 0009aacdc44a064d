import { useEffect, useId, useRef, useState } from 'react';
import { ModeLink } from '#src/lib/mode-navigation.tsx';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { useSignOut } from '#src/features/auth/hooks/use-sign-out.ts';

export function displayNameOf(user: { displayName: string | null; firstName: string | null; lastName: string | null; email: string }): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return user.displayName?.trim() || full || user.email;
}

function initialsOf(name: string): string {
  const letters = name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** The dashboard header's account menu: who is signed in, settings, and sign out. */
export function UserMenu() {
  const session = useSession();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const user = session.data;
  if (!user) return null;
  const name = displayNameOf(user);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={menuId}
        className="flex min-h-11 items-center gap-2 rounded-full p-0.5 text-left hover:bg-slate-100 sm:py-1 sm:pl-1 sm:pr-3"
      >
        <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
          {initialsOf(name)}
        </span>
        <span className="hidden max-w-40 truncate text-sm font-medium text-slate-800 sm:block">{name}</span>
        <span className="sr-only">Account menu for {name}</span>
      </button>
      {open ? (
        <div id={menuId} className="absolute right-0 top-full z-30 mt-2 w-64 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200">
          <div className="border-b border-slate-100 px-3 pb-3 pt-2">
            <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
            <p className="truncate text-sm text-slate-500">{user.email}</p>
          </div>
          <ul className="pt-2">
            <li>
              <ModeLink to="/dashboard/settings" onClick={() => setOpen(false)} className="flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100">
                Account settings
              </ModeLink>
            </li>
            <li>
              <button
                type="button"
                onClick={() => signOut.mutate()}
                disabled={signOut.isPending}
                aria-busy={signOut.isPending}
                className="flex min-h-11 w-full items-center rounded-lg px-3 text-left text-sm font-medium text-red-700 hover:bg-red-50 disabled:text-slate-400"
              >
                {signOut.isPending ? 'Signing out…' : 'Sign out'}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}

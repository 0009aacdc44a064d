import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { cn } from '#src/components/ui/cn.ts';
import { toast } from '#src/lib/toast.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { useMyStores } from '#src/lib/active-store.ts';
import { useSwitchActiveStore } from '../hooks/use-store-mutations.ts';
import { StoreInitials } from './store-initials.tsx';
import { moveFocus, type FocusTarget } from './menu-focus.ts';
import { withAppStyles } from '#src/components/layout/lazy-page.tsx';

// The dialog (Radix, react-hook-form, zod) is not part of the dashboard's first screen: it loads
// when the menu first opens, before "Create another store" can be chosen.
const CreateStoreDialog = lazy(() => withAppStyles(() => import('./create-store-dialog.tsx'))().then((module) => ({ default: module.CreateStoreDialog })));

/**
 * The dashboard header's store switcher (spec §4 active store): a menu button (WAI-ARIA
 * menu pattern, built on native elements: no Radix menu is installed) listing the creator's
 * stores as radio items, plus "Create another store".
 */
export function StoreSwitcher() {
  const stores = useMyStores();
  const switchStore = useSwitchActiveStore();
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<FocusTarget>('checked');
  const [creating, setCreating] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    if (menu.current) moveFocus(menu.current, focusOnOpen);
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('pointerdown', onPointer);
    return () => window.removeEventListener('pointerdown', onPointer);
  }, [open, focusOnOpen]);

  const openMenu = (target: FocusTarget) => {
    setFocusOnOpen(target);
    setOpen(true);
    setMenuUsed(true);
  };
  const closeMenu = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const list = stores.data?.stores ?? [];
  const active = stores.data?.activeStore ?? null;
  const switchingTo = switchStore.isPending ? list.find((store) => store.id === switchStore.variables) : null;

  const choose = (storeId: string) => {
    closeMenu();
    if (storeId === active?.id) return;
    const name = list.find((store) => store.id === storeId)?.name ?? 'the store';
    switchStore.mutate(storeId, {
      onSuccess: () => toast.success(`Switched to ${name}`),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  if (stores.isPending) {
    return <div data-slot="store-switcher" aria-hidden="true" className="h-10 w-32 animate-pulse rounded-lg bg-slate-100 sm:w-44" />;
  }

  const label = switchingTo ? `Switching to ${switchingTo.name}…` : (active?.name ?? (stores.isError ? 'Stores unavailable' : 'No store yet'));

  return (
    <div ref={root} data-slot="store-switcher" className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-busy={switchStore.isPending}
        aria-label={`Store: ${label}. Switch store`}
        onClick={() => (open ? closeMenu(false) : openMenu('checked'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            openMenu('checked');
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            openMenu('last');
          }
        }}
        className="flex min-h-11 max-w-[10.5rem] items-center gap-2 rounded-lg border border-slate-200 bg-white py-1 pl-1.5 pr-2 text-left text-sm shadow-xs hover:border-slate-300 hover:bg-slate-50 sm:max-w-64 sm:pr-3"
      >
        {active ? <StoreInitials id={active.id} name={active.name} /> : <span aria-hidden="true" className="size-7 shrink-0 rounded-lg bg-slate-200" />}
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-slate-900">{label}</span>
          {active && !switchingTo ? <span className="hidden truncate text-xs text-slate-500 sm:block">/{active.slug}</span> : null}
        </span>
        {switchStore.isPending ? (
          <span aria-hidden="true" className="size-4 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
        ) : (
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0 text-slate-400" aria-hidden="true">
            <path d="M10 3a1 1 0 0 1 .7.3l3 3a1 1 0 0 1-1.4 1.4L10 5.4 7.7 7.7a1 1 0 0 1-1.4-1.4l3-3A1 1 0 0 1 10 3zm-3.7 9.3a1 1 0 0 1 1.4 0l2.3 2.3 2.3-2.3a1 1 0 1 1 1.4 1.4l-3 3a1 1 0 0 1-1.4 0l-3-3a1 1 0 0 1 0-1.4z" />
          </svg>
        )}
      </button>

      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Your stores"
          onKeyDown={(event) => {
            const keys: Record<string, FocusTarget> = { ArrowDown: 'next', ArrowUp: 'previous', Home: 'first', End: 'last' };
            const target = keys[event.key];
            if (target && menu.current) {
              event.preventDefault();
              moveFocus(menu.current, target);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              closeMenu();
            } else if (event.key === 'Tab') {
              closeMenu(false);
            }
          }}
          className="absolute right-0 top-full z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 sm:left-0 sm:right-auto"
        >
          <p className="px-2.5 pb-1.5 pt-1 text-xs font-semibold uppercase tracking-wide text-slate-500" aria-hidden="true">
            Your stores
          </p>
          {stores.isError ? <p className="px-2.5 py-2 text-sm text-red-700">{errorMessage(stores.error)}</p> : null}
          {list.map((store) => {
            const checked = store.id === active?.id;
            return (
              <button
                key={store.id}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                onClick={() => choose(store.id)}
                className={cn(
                  'flex min-h-11 w-full items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-left text-sm outline-none focus:bg-slate-100 hover:bg-slate-50',
                  checked ? 'text-slate-900' : 'text-slate-700',
                )}
              >
                <StoreInitials id={store.id} name={store.name} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{store.name}</span>
                  <span className="block truncate text-xs text-slate-500">/{store.slug}</span>
                </span>
                {checked ? (
                  <svg viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0 text-brand-600" aria-hidden="true">
                    <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
                  </svg>
                ) : null}
              </button>
            );
          })}
          <div role="separator" className="my-1.5 h-px bg-slate-100" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              closeMenu(false);
              setCreating(true);
            }}
            className="flex min-h-11 w-full items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-left text-sm font-semibold text-brand-700 outline-none focus:bg-brand-50 hover:bg-brand-50"
          >
            <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-lg border border-dashed border-brand-500/50">
              +
            </span>
            {list.length > 0 ? 'Create another store' : 'Create your store'}
          </button>
        </div>
      ) : null}

      {menuUsed ? (
        <Suspense fallback={null}>
          <CreateStoreDialog open={creating} first={list.length === 0} onClose={() => setCreating(false)} returnFocus={button} />
        </Suspense>
      ) : null}
    </div>
  );
}

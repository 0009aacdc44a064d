import { useEffect, useId, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Logo, LogoMark } from '#src/components/ui/logo.tsx';
import { AdminMfaBanner, UserMenu } from '#src/features/auth/index.ts';
import { StoreOfflineBanner } from './store-offline-banner.tsx';
import { DashboardNav } from './dashboard-nav.tsx';
import { StoreSwitcherSlot } from './store-switcher-slot.tsx';

/** Sidebar on wide screens, a menu button and drawer on phones; header keeps room for the store switcher. */
export function DashboardLayout() {
  const menuId = useId();
  const location = useLocation();
  // The menu belongs to the page it was opened on: moving to another path closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? location.pathname : null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpenOn(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="min-h-dvh bg-slate-50">
      <a href="#dashboard-main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">
        <div className="px-5 py-5">
          <Logo />
        </div>
        <nav aria-label="Dashboard" className="flex-1 overflow-y-auto px-3 pb-6">
          <DashboardNav />
        </nav>
      </aside>

      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:gap-3 sm:px-6">
          <button
            type="button"
            className="-ml-1 inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" className="size-6" aria-hidden="true">
              {menuOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
          <span className="flex items-center lg:hidden">
            {/* Phones keep the mark only, so the store switcher and account menu fit beside it. */}
            <LogoMark className="sm:hidden" />
            <span className="sr-only sm:hidden">Shopfront</span>
            <span className="hidden sm:flex">
              <Logo className="text-base" />
            </span>
          </span>
          <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
            <StoreSwitcherSlot />
            <UserMenu />
          </div>
        </header>

        {menuOpen ? (
          <div className="fixed inset-0 top-16 z-10 lg:hidden">
            <div className="absolute inset-0 bg-slate-900/30" aria-hidden="true" onClick={() => setMenuOpen(false)} />
            <nav id={menuId} aria-label="Dashboard" className="relative max-h-full overflow-y-auto border-b border-slate-200 bg-white px-3 py-4 shadow-lg">
              <DashboardNav onNavigate={() => setMenuOpen(false)} />
            </nav>
          </div>
        ) : null}

        <main id="dashboard-main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
          <AdminMfaBanner />
          <StoreOfflineBanner />
          <Outlet />
        </main>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { MEMBERS_PATHS, useCustomerSignOut, useStoreProfile } from '#src/features/members/index.ts';
// The hooks' own modules, not the features' indexes: those also export the creator's screens and
// editors (Tiptap), which every members page would then download before its first screen.
import { useMyMemberships } from '#src/features/memberships/api/my-memberships-api.ts';
import { useMyBookings } from '#src/features/bookings/api/my-bookings-api.ts';
import { useStoreLookup } from '#src/features/stores/index.ts';
import { useAppContext } from '#src/lib/app-context.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { storeDocumentPath } from '#src/lib/store-paths.ts';
import { usePlatformStatus } from '#src/lib/use-platform-status.ts';
import { StoreBadge } from './store-badge.tsx';

const NAV_LINK = 'inline-flex min-h-11 items-center border-b-2 border-transparent px-1 text-sm font-semibold text-slate-600 aria-[current=page]:border-current aria-[current=page]:text-slate-900';

/**
 * The signed-in members pages (reached only through ProtectedMembersArea), in the store's theme
 * (MembersTheme): a top bar in the header colour like the storefront's, with the store, sign out
 * and the area's pages (memberships when the customer has one, the affiliate page while the
 * platform's `affiliateProgram` flag is on),
 * then the page on a card.
 */
export function MembersFrame({ children, wide = false }: { children: ReactNode; /** The course player: room for the lesson list beside the video. */ wide?: boolean }) {
  const { storeId, storeName, storeHref, avatarUrl } = useMembersStore();
  const signOut = useCustomerSignOut(storeId);
  const platform = usePlatformStatus();
  const navigate = useNavigate();
  const affiliateOn = platform.data?.featureFlags.affiliateProgram === true;
  const memberships = useMyMemberships(storeId);
  const hasMemberships = (memberships.data?.memberships.length ?? 0) > 0;
  const calls = useMyBookings(storeId);
  const hasCalls = (calls.data?.bookings.length ?? 0) + (calls.data?.packages.length ?? 0) > 0;

  return (
    <div className="min-h-dvh">
      <header className="sf-members-panel sf-members-bar">
        <div className={cn('mx-auto flex items-center justify-between gap-3 px-4 py-3 sm:px-6', wide ? 'max-w-6xl' : 'max-w-3xl')}>
          <a href={storeHref} className="flex min-h-11 min-w-0 items-center gap-3 rounded-lg">
            <StoreBadge name={storeName} avatarUrl={avatarUrl} />
            <span className="sf-members-title truncate font-semibold">{storeName}</span>
          </a>
          <Button
            variant="secondary"
            className="shrink-0"
            disabled={signOut.isPending}
            aria-busy={signOut.isPending}
            onClick={() =>
              signOut.mutate(undefined, {
                onSuccess: () => void navigate(MEMBERS_PATHS.login, { replace: true }),
              })
            }
          >
            {signOut.isPending ? 'Signing out…' : 'Sign out'}
          </Button>
        </div>
        {affiliateOn || hasMemberships || hasCalls ? (
          <nav aria-label="Members area" className={cn('mx-auto px-4 sm:px-6', wide ? 'max-w-6xl' : 'max-w-3xl')}>
            <ul className="flex flex-wrap gap-x-5">
              <li>
                <NavLink to={MEMBERS_PATHS.home} end className={NAV_LINK}>
                  Your library
                </NavLink>
              </li>
              {hasMemberships ? (
                <li>
                  <NavLink to={MEMBERS_PATHS.memberships} className={NAV_LINK}>
                    Memberships
                  </NavLink>
                </li>
              ) : null}
              {hasCalls ? (
                <li>
                  <NavLink to={MEMBERS_PATHS.bookings} className={NAV_LINK}>
                    Calls
                  </NavLink>
                </li>
              ) : null}
              {affiliateOn ? (
                <li>
                  <NavLink to={MEMBERS_PATHS.affiliate} className={NAV_LINK}>
                    Earn as an affiliate
                  </NavLink>
                </li>
              ) : null}
            </ul>
          </nav>
        ) : null}
      </header>
      <main className={wide ? 'mx-auto max-w-6xl sm:px-6 sm:py-8' : 'mx-auto max-w-3xl px-4 py-8 sm:px-6'}>
        {/* Wide (the course player): edge to edge on phones, so the video takes the full width. */}
        <div className={wide ? 'sf-members-panel sf-members-card space-y-6 px-4 py-5 max-sm:rounded-none! sm:p-8' : 'sf-members-panel sf-members-card space-y-6 p-5 sm:p-8'}>
          {signOut.isError ? <Alert>{errorMessage(signOut.error)}</Alert> : null}
          {children}
        </div>
      </main>
    </div>
  );
}

/** The page's title, and a line under it. */
export function MembersPageTitle({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div>
      <h1 className="sf-members-title text-2xl font-bold tracking-tight">{title}</h1>
      {subtitle ? <p className="mt-1 text-sm text-slate-600 wrap-anywhere">{subtitle}</p> : null}
    </div>
  );
}

/** The store a members page is about: its id, name, avatar and the link back to it. */
export function useMembersStore() {
  const { resolution, storeKey } = useAppContext();
  const lookup = useStoreLookup(storeKey);
  const profile = useStoreProfile(storeKey);
  return {
    storeId: resolution.storeId ?? '',
    storeName: profile.data?.name ?? lookup.data?.name ?? 'Store',
    storeHref: storeDocumentPath(resolution, '/'),
    avatarUrl: profile.data?.avatarUrl ?? null,
  };
}

import { useNavigate } from 'react-router';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { EmailPreferences, MEMBERS_PATHS, PurchasesSection, useCustomerSession, useCustomerSignOut, useStoreProfile } from '#src/features/members/index.ts';
import { useStoreLookup } from '#src/features/stores/index.ts';
import { useAppContext } from '#src/lib/app-context.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { storeDocumentPath } from '#src/lib/store-paths.ts';
import { StoreBadge } from '../components/store-badge.tsx';

/**
 * The members home (reached only by a signed-in customer, ProtectedMembersArea): purchases, email
 * preferences and sign out, in the store's theme (MembersTheme) — a top bar in the header colour like the
 * storefront's, and the library on a card.
 */
export function MembersAreaPage() {
  const { resolution, storeKey } = useAppContext();
  const storeId = resolution.storeId ?? '';
  const lookup = useStoreLookup(storeKey);
  const profile = useStoreProfile(storeKey);
  const session = useCustomerSession(storeId);
  const signOut = useCustomerSignOut(storeId);
  const navigate = useNavigate();
  const storeHref = storeDocumentPath(resolution, '/');
  const storeName = profile.data?.name ?? lookup.data?.name ?? 'Store';

  return (
    <div className="min-h-dvh">
      <header className="sf-members-panel sf-members-bar">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <a href={storeHref} className="flex min-h-11 min-w-0 items-center gap-3 rounded-lg">
            <StoreBadge name={storeName} avatarUrl={profile.data?.avatarUrl ?? null} />
            <span className="sf-members-title truncate font-semibold">{storeName}</span>
          </a>
          <Button
            variant="secondary"
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
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <div className="sf-members-panel sf-members-card space-y-6 p-5 sm:p-8">
          <div>
            <h1 className="sf-members-title text-2xl font-bold tracking-tight">Your library</h1>
            {session.data ? (
              <p className="mt-1 text-sm text-slate-600 wrap-anywhere">
                Signed in as {session.data.name ? `${session.data.name} (${session.data.email})` : session.data.email}
              </p>
            ) : null}
          </div>
          {signOut.isError ? <Alert>{errorMessage(signOut.error)}</Alert> : null}
          <PurchasesSection storeId={storeId} storeHref={storeHref} />
          <EmailPreferences storeId={storeId} storeName={storeName} />
        </div>
      </main>
    </div>
  );
}

import type { AdminUserDetail, AdminUserStore } from '@shopfront/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { callFunction } from '#src/lib/call-function.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { toast } from '#src/lib/toast.ts';
import { useAdminUser, useAdminUserAction, useStoreAbuseAction, type AdminUserAction } from '../api/admin-users-api.ts';
import { formatAdminTime } from '../lib/format-admin-time.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { UserStatusBadges } from './user-status-badges.tsx';

const USER_ACTIONS: Record<AdminUserAction, { label: string; title: string; description: string; pending: string; done: string; destructive: boolean }> = {
  'grant-admin': { label: 'Make admin…', title: 'Make this user an admin?', description: 'They will be able to manage every user, store and setting once they turn on two-step verification.', pending: 'Granting…', done: 'Admin granted', destructive: false },
  'revoke-admin': { label: 'Remove admin…', title: 'Remove admin?', description: 'They lose access to the admin pages at their next request.', pending: 'Removing…', done: 'Admin removed', destructive: true },
  deactivate: { label: 'Deactivate…', title: 'Deactivate this user?', description: 'They are signed out everywhere, cannot sign in, and their stores go offline until you reactivate them.', pending: 'Deactivating…', done: 'User deactivated', destructive: true },
  reactivate: { label: 'Reactivate…', title: 'Reactivate this user?', description: 'They can sign in again, and the stores deactivation took offline come back.', pending: 'Reactivating…', done: 'User reactivated', destructive: false },
  'unlock-mfa': { label: 'Unlock two-step verification…', title: 'Unlock two-step verification?', description: 'Their authenticator codes are accepted again. Only do this once you know it is really them.', pending: 'Unlocking…', done: 'Two-step verification unlocked', destructive: false },
};

const OFFLINE_LABELS: Record<NonNullable<AdminUserStore['offlineReason']>, string> = {
  'owner-deactivated': 'Offline: owner deactivated',
  abuse: 'Offline: unpublished for abuse',
  'plan-limit': 'Offline: over the plan limit',
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function signInMethods(user: AdminUserDetail): string {
  const methods = [user.signInMethods.password ? 'Password' : null, user.signInMethods.emailLink ? 'Email link' : null, ...user.signInMethods.oauthProviders];
  return methods.filter(Boolean).join(', ') || 'None';
}

/** One user: stores, plan, sign-in methods, MFA, last sign-in, and the admin actions on them. */
export function UserDetailDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const detail = useAdminUser(userId);
  const user = detail.data;
  return (
    <Dialog open={userId !== null} onClose={onClose} title={user?.email ?? 'User'} description={user?.name ?? undefined}>
      {detail.isPending ? (
        <Spinner label="Loading user" />
      ) : detail.isError ? (
        <Alert>{errorMessage(detail.error)}</Alert>
      ) : user ? (
        <UserDetailBody user={user} />
      ) : null}
    </Dialog>
  );
}

function UserDetailBody({ user }: { user: AdminUserDetail }) {
  const session = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: () => callFunction('getCurrentUser', {}), staleTime: 60_000 });
  const isSelf = session.data?.uid === user.id;
  const [action, setAction] = useState<AdminUserAction | null>(null);
  const [storeAction, setStoreAction] = useState<{ store: AdminUserStore; unpublish: boolean } | null>(null);
  const userAction = useAdminUserAction(user.id);
  const abuseAction = useStoreAbuseAction(user.id);
  const actions: AdminUserAction[] = [
    user.isAdmin ? 'revoke-admin' : 'grant-admin',
    ...(user.isActive ? (isSelf ? [] : (['deactivate'] as const)) : (['reactivate'] as const)),
    ...(user.mfa.lockedAt ? (['unlock-mfa'] as const) : []),
  ];
  const current = action ? USER_ACTIONS[action] : null;

  return (
    <div className="space-y-5">
      <UserStatusBadges user={user} />
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Plan">{user.planId}</Field>
        <Field label="Joined">{formatAdminTime(user.createdAt)}</Field>
        <Field label="Sign-in methods">{signInMethods(user)}</Field>
        <Field label="Two-step verification">{user.mfa.lockedAt ? `Locked since ${formatAdminTime(user.mfa.lockedAt)}` : user.mfa.enabled ? 'On' : 'Off'}</Field>
        <Field label="Last sign-in">{user.lastSignInAt ? formatAdminTime(user.lastSignInAt) : 'No active session'}</Field>
      </dl>

      <section aria-labelledby="admin-user-stores">
        <h3 id="admin-user-stores" className="text-sm font-semibold text-slate-900">
          Stores ({user.stores.length})
        </h3>
        {user.stores.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No stores.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
            {user.stores.map((store) => (
              <li key={store.id} className="flex flex-wrap items-center gap-2 p-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{store.name}</p>
                  <p className="truncate text-xs text-slate-600">
                    /{store.slug} · {store.offlineReason ? OFFLINE_LABELS[store.offlineReason] : 'Online'}
                  </p>
                  {store.offlineNote ? <p className="text-xs text-slate-600">Reason: {store.offlineNote}</p> : null}
                </div>
                {store.offlineReason === 'abuse' ? (
                  <Button variant="secondary" onClick={() => setStoreAction({ store, unpublish: false })}>
                    Restore…
                  </Button>
                ) : (
                  <Button variant="secondary" onClick={() => setStoreAction({ store, unpublish: true })}>
                    Unpublish…
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
        {actions.map((each) => (
          <Button key={each} variant={USER_ACTIONS[each].destructive ? 'danger' : 'secondary'} onClick={() => setAction(each)}>
            {USER_ACTIONS[each].label}
          </Button>
        ))}
      </div>
      {isSelf && user.isActive ? <p className="text-xs text-slate-600">You cannot deactivate your own account.</p> : null}

      <ReasonDialog
        open={current !== null}
        title={current?.title ?? ''}
        description={current?.description ?? ''}
        confirmLabel={current?.label.replace('…', '') ?? ''}
        pendingLabel={current?.pending ?? ''}
        destructive={current?.destructive ?? false}
        pending={userAction.isPending}
        error={userAction.error ? errorMessage(userAction.error) : null}
        onClose={() => {
          setAction(null);
          userAction.reset();
        }}
        onConfirm={(reason) => {
          if (!action) return;
          userAction.mutate(
            { action, reason },
            {
              onSuccess: () => {
                toast.success(USER_ACTIONS[action].done);
                setAction(null);
              },
            },
          );
        }}
      />
      <ReasonDialog
        open={storeAction !== null}
        title={storeAction?.unpublish ? `Unpublish ${storeAction.store.name}?` : `Restore ${storeAction?.store.name ?? ''}?`}
        description={
          storeAction?.unpublish
            ? 'Visitors will see “This store is offline” and checkout stops. The owner sees your reason on their dashboard.'
            : 'The store goes back online (unless its owner is deactivated).'
        }
        confirmLabel={storeAction?.unpublish ? 'Unpublish store' : 'Restore store'}
        pendingLabel={storeAction?.unpublish ? 'Unpublishing…' : 'Restoring…'}
        destructive={storeAction?.unpublish ?? false}
        pending={abuseAction.isPending}
        error={abuseAction.error ? errorMessage(abuseAction.error) : null}
        onClose={() => {
          setStoreAction(null);
          abuseAction.reset();
        }}
        onConfirm={(reason) => {
          if (!storeAction) return;
          abuseAction.mutate(
            { storeId: storeAction.store.id, unpublish: storeAction.unpublish, reason },
            {
              onSuccess: () => {
                toast.success(storeAction.unpublish ? 'Store unpublished' : 'Store restored');
                setStoreAction(null);
              },
            },
          );
        }}
      />
    </div>
  );
}

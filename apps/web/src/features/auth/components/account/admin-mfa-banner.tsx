import { lazy, Suspense } from 'react';
import { useSession } from '#src/features/auth/hooks/use-session.ts';

// Only admins without two-step verification see it: its markup loads only for them.
const AdminMfaNotice = lazy(() => import('./admin-mfa-notice.tsx').then((module) => ({ default: module.AdminMfaNotice })));

/** Admins are asked to enrol in two-step verification until they do. */
export function AdminMfaBanner() {
  const user = useSession().data;
  if (!user?.isAdmin || user.mfaEnabled) return null;
  return (
    <Suspense fallback={null}>
      <AdminMfaNotice />
    </Suspense>
  );
}

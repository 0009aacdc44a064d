import { useState } from 'react';
import { useLocation } from 'react-router';
import { StoreNotFound } from '#src/components/errors/not-found-screens.tsx';
import { ForgotPassword, GuestCustomer, MEMBERS_PATHS, MemberLoginForm } from '#src/features/members/index.ts';
import { useAppContext } from '#src/lib/app-context.tsx';
import { ModeLink } from '#src/lib/mode-navigation.tsx';
import { MEMBERS_LINK_CLASS, MembersShell } from '../components/members-shell.tsx';

/** Spec §2 members login; "Forgot password?" resets with an emailed code on the same page. */
export function MembersLoginPage() {
  const { resolution } = useAppContext();
  const [view, setView] = useState<'sign-in' | 'forgot'>('sign-in');
  // "Create an account" keeps the page the visitor is signing in for (`?origin=`).
  const { search } = useLocation();
  if (!resolution.storeId) return <StoreNotFound />;
  const storeId = resolution.storeId;

  return (
    <GuestCustomer storeId={storeId}>
      {view === 'forgot' ? (
        <MembersShell title="Reset your password" subtitle="We'll email you a code to set a new one.">
          <ForgotPassword storeId={storeId} onBack={() => setView('sign-in')} />
        </MembersShell>
      ) : (
        <MembersShell
          title="Sign in"
          subtitle="Access your purchases and downloads."
          footer={
            <>
              New here?{' '}
              <ModeLink to={`${MEMBERS_PATHS.signup}${search}`} className={MEMBERS_LINK_CLASS}>
                Create an account
              </ModeLink>
            </>
          }
        >
          <MemberLoginForm storeId={storeId} onForgotPassword={() => setView('forgot')} />
        </MembersShell>
      )}
    </GuestCustomer>
  );
}

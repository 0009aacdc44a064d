import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { returnPathFrom } from '#src/lib/login-path.ts';
import { useCustomerSession } from '../hooks/use-customer-session.ts';
import { MEMBERS_PATHS } from '../members-paths.ts';

/**
 * Login and signup for signed-out customers only. A signed-in customer (or one who just signed in:
 * every sign-in path puts the customer in the session cache) goes to the remembered origin when it
 * is a safe same-site relative path (core `safeReturnPath`), else the members home.
 */
export function GuestCustomer({ storeId, children }: { storeId: string; children: ReactNode }) {
  const session = useCustomerSession(storeId);
  const location = useLocation();
  if (session.data) return <Navigate to={afterSignIn(location.search)} replace />;
  return <>{children}</>;
}

/** The origin, unless it is unsafe or one of the guest pages themselves (that would loop). */
export function afterSignIn(search: string): string {
  const origin = returnPathFrom(search, MEMBERS_PATHS.home);
  const pathname = origin.split(/[?#]/)[0]?.replace(/\/+$/, '');
  return pathname === MEMBERS_PATHS.login || pathname === MEMBERS_PATHS.signup ? MEMBERS_PATHS.home : origin;
}

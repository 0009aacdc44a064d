export { fetchSession, type SessionUser } from './api/fetch-session.ts';
export { useSession } from './hooks/use-session.ts';
export { useSignOut } from './hooks/use-sign-out.ts';
export { RequireCreator } from './components/require-creator.tsx';
export { GuestOnly } from './components/guest-only.tsx';
export { AuthShell, AUTH_LINK_CLASS } from './components/auth-shell.tsx';
export { UserMenu } from './components/account/user-menu.tsx';
export { AdminMfaBanner } from './components/account/admin-mfa-banner.tsx';

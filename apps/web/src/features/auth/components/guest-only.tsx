import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import { ModeRedirect } from '#src/lib/mode-navigation.tsx';
import { useSession } from '../hooks/use-session.ts';
import { returnPathFrom } from '#src/lib/login-path.ts';

/** Spec §2: an already signed-in visitor on /login (or /signup) goes to /dashboard or the origin. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageSpinner label="Checking your session" />;
  if (session.data) return <ModeRedirect to={returnPathFrom(location.search, '/dashboard')} />;
  return <>{children}</>;
}

import { Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import { ModeRedirect } from '#src/lib/mode-navigation.tsx';
import { useSession } from '../hooks/use-session.ts';
import { loginPathWithOrigin } from '#src/lib/login-path.ts';

/** Spec §2: every /dashboard route needs creator sign-in, else /login remembering the origin. */
export function RequireCreator() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageSpinner label="Checking your session" />;
  if (!session.data) return <ModeRedirect to={loginPathWithOrigin('/login', location.pathname + location.search)} />;
  return <Outlet />;
}

import { Outlet, useLocation } from 'react-router';
import { Alert } from '#src/components/ui/alert.tsx';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { ModeRedirect } from '#src/lib/mode-navigation.tsx';
import { useCustomerSession } from '../hooks/use-customer-session.ts';
import { MEMBERS_PATHS } from '../members-paths.ts';

/** Spec §2: unauthenticated customers go to /members/login and come back to the origin afterwards. */
export function RequireCustomer({ storeId }: { storeId: string | null }) {
  const session = useCustomerSession(storeId);
  const location = useLocation();
  if (session.isPending) return <FullPageSpinner label="Checking your session" />;
  if (session.isError) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <Alert title="We could not check your session">
          {errorMessage(session.error)}{' '}
          <button type="button" onClick={() => void session.refetch()} className="font-semibold underline">
            Try again
          </button>
        </Alert>
      </div>
    );
  }
  if (!session.data) {
    const search = new URLSearchParams({ origin: location.pathname + location.search }).toString();
    return <ModeRedirect to={`${MEMBERS_PATHS.login}?${search}`} />;
  }
  return <Outlet />;
}

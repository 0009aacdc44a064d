import { MESSAGES } from '@shopfront/core';
import { usePlatformStatus } from '#src/lib/use-platform-status.ts';

/**
 * The landing page's banner while signups are closed: in maintenance the admin's message, else
 * (allowSignups off) that signups are closed for now; and that existing creators can still sign
 * in. Nothing while signups are open or the status is unknown.
 */
export function MaintenanceNotice() {
  const status = usePlatformStatus();
  if (!status.data || status.data.signupsOpen) return null;
  return (
    <div role="status" data-testid="maintenance-notice" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto max-w-6xl px-4 py-3 text-sm text-amber-900 sm:px-6">
        {status.data.maintenanceMode ? (
          <>
            <p className="font-semibold">{MESSAGES.screens.signupsClosed}</p>
            <p className="whitespace-pre-line break-words">{status.data.maintenanceMessage}</p>
          </>
        ) : (
          <p className="font-semibold">{MESSAGES.screens.signupsNotOpen}</p>
        )}
        <p className="mt-1 text-amber-800">Already have an account? Signing in works as usual.</p>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import { usePlatformStatus } from '#src/lib/use-platform-status.ts';
import { MaintenanceScreen } from './maintenance-screen.tsx';

/**
 * Spec §2/§8: the maintenance screen replaces signup while signups are closed. If the status
 * cannot be read the form shows (spec §8: "Maintenance read failures default to … signups
 * allowed"); the server still refuses signUp when it cannot read the state (ARCHITECTURE §5).
 */
export function SignupGate({ children }: { children: ReactNode }) {
  const status = usePlatformStatus();
  if (status.isPending) return <FullPageSpinner label="Checking whether signups are open" />;
  if (status.data && !status.data.signupsOpen) {
    return (
      <MaintenanceScreen
        message={status.data.maintenanceMessage}
        maintenance={status.data.maintenanceMode}
        checking={status.isFetching}
        onCheckAgain={() => void status.refetch()}
      />
    );
  }
  return <>{children}</>;
}

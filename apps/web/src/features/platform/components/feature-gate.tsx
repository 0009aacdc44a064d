import { PLATFORM_CONFIG_MESSAGES, type FeatureFlagName } from '@shopfront/core';
import type { ReactNode } from 'react';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { usePlatformStatus } from '#src/lib/use-platform-status.ts';

/**
 * Shows its children only while the platform flag is on; otherwise `fallback` (a part of a page
 * that is off) or a "not available" screen (a whole page). The server refuses the feature's
 * functions either way (assertFeatureEnabled).
 */
export function FeatureGate({ flag, children, fallback }: { flag: FeatureFlagName; children: ReactNode; fallback?: ReactNode }) {
  const status = usePlatformStatus();
  if (status.isPending) return <Spinner label="Loading" />;
  if (status.data?.featureFlags[flag] !== true) {
    if (fallback !== undefined) return <>{fallback}</>;
    return (
      <section role="status" className="rounded-2xl border border-dashed border-slate-300 bg-white/60 p-8 text-center sm:p-12">
        <h1 className="text-lg font-semibold text-slate-900">Not available</h1>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">{PLATFORM_CONFIG_MESSAGES.featureDisabled}</p>
      </section>
    );
  }
  return <>{children}</>;
}

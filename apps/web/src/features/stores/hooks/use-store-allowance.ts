import { useQuery } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { useMyStores } from '#src/lib/active-store.ts';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { usePlatformStatus } from '#src/lib/use-platform-status.ts';
import { storeAllowance, type StoreAllowance } from '../lib/store-allowance.ts';

/**
 * Whether the signed-in creator may create another store, worked out before the form is shown.
 * `pending` until the session, the stores and the platform flags are known; null when they could
 * not be read (the form is shown and the server, which always checks, answers).
 */
export function useStoreAllowance(): { pending: boolean; allowance: StoreAllowance | null } {
  // Same key and reply as the session everywhere else (getCurrentUser).
  const session = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: () => callFunction('getCurrentUser', {}), staleTime: 60_000 });
  const mine = useMyStores();
  const platform = usePlatformStatus();
  if (session.isPending || mine.isPending || platform.isPending) return { pending: true, allowance: null };
  if (!session.data || !mine.data) return { pending: false, allowance: null };
  const multiStore = platform.data?.featureFlags.multiStore ?? true;
  return {
    pending: false,
    allowance: storeAllowance({ planId: session.data.subscription.planId, storeCount: mine.data.stores.length, multiStore }),
  };
}

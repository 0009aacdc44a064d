import type { QueryClient } from '@tanstack/react-query';
import { fetchSession } from '../features/auth/index.ts';
import { SESSION_QUERY_KEY } from '../lib/session-query-key.ts';
import { callFunction } from '../lib/call-function.ts';
import { STORE_KEYS } from '../lib/store-keys.ts';

/**
 * The dashboard's first calls, started while its code is still downloading: the session (every
 * dashboard route waits on it) and, once it says signed in, the creator's stores (the header and
 * the overview). The hooks that need them (useSession, useMyStores: same keys and functions) find
 * the answer or the call in flight, so a phone waits one round trip instead of three in a row.
 * A failure is not reported here: the hook's own query retries and shows it.
 */
export function warmUpDashboard(queryClient: QueryClient): void {
  void queryClient
    .fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 60_000 })
    .then((user) => {
      if (user) void queryClient.prefetchQuery({ queryKey: STORE_KEYS.mine, queryFn: () => callFunction('listMyStores', {}) });
    })
    .catch(() => undefined);
}

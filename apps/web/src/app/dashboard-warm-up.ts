import { decodeResponse, SESSION_BOOT_ELEMENT_ID, type User } from '@shopfront/core';
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
 * A signed-in document already carries the session's answer (the server's session-boot.ts): it is
 * read once, and the element removed, so a later sign-in never sees a stale one. A failure is not
 * reported here: the hook's own query retries and shows it.
 */
export function warmUpDashboard(queryClient: QueryClient, doc: Document = document): void {
  const boot = takeSessionBoot(doc);
  void queryClient
    .fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: boot ?? fetchSession, staleTime: 60_000 })
    .then((user) => {
      if (user) void queryClient.prefetchQuery({ queryKey: STORE_KEYS.mine, queryFn: () => callFunction('listMyStores', {}) });
    })
    .catch(() => undefined);
}

/** The document's session answer as a query function (it throws the answer's error), or null without one. */
function takeSessionBoot(doc: Document): (() => Promise<User | null>) | null {
  const element = doc.getElementById(SESSION_BOOT_ELEMENT_ID);
  if (!element) return null;
  const text = element.textContent ?? '';
  element.remove();
  return async () => decodeResponse(200, text) as User | null;
}

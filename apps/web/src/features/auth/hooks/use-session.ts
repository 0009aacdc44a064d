import { useQuery } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { fetchSession } from '../api/fetch-session.ts';

/** The signed-in creator, or null. Sign-in and sign-out invalidate SESSION_QUERY_KEY. */
export function useSession() {
  return useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 60_000 });
}

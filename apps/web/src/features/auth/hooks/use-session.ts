import { useQuery } from '@tanstack/react-query';
import { fetchSession } from '../api/fetch-session.ts';

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** The signed-in creator, or null. Sign-in and sign-out invalidate SESSION_QUERY_KEY. */
export function useSession() {
  return useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 60_000 });
}

import { useQuery } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

export const AUTH_PROVIDERS_QUERY_KEY = ['auth', 'providers'] as const;

/** The social / OIDC providers the operator enabled; an empty list (or a failed call) hides the buttons. */
export function useAuthProviders() {
  return useQuery({
    queryKey: AUTH_PROVIDERS_QUERY_KEY,
    queryFn: () => callFunction('getAuthProviders', {}),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

import { useQuery } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

export const RECOVERY_CODE_STATUS_QUERY_KEY = ['auth', 'recovery-code-status'] as const;

/** How many recovery codes the signed-in creator has left (Settings › Security). */
export function useRecoveryCodeStatus(enabled: boolean) {
  return useQuery({
    queryKey: RECOVERY_CODE_STATUS_QUERY_KEY,
    queryFn: () => callFunction('getRecoveryCodeStatus', {}),
    enabled,
  });
}

import { isAppError } from '@shopfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { toast } from '#src/lib/toast.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { useModeNavigate } from './use-mode-navigate.ts';

/**
 * Ends the session on the server, then forgets everything cached for this creator and goes to
 * /login. If the server could not be reached the creator stays signed in and is told so, rather
 * than being shown a sign-in page while the session still works.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useModeNavigate();
  return useMutation({
    mutationFn: () => callFunction('signOut', {}),
    onSettled: (_data, error) => {
      if (error && !(isAppError(error) && error.code === 'unauthenticated')) {
        toast.error(errorMessage(error));
        return;
      }
      navigate('/login', { replace: true });
      queryClient.clear();
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    },
  });
}

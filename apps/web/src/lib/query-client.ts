import { isAppError } from '@shopfront/core';
import { QueryClient } from '@tanstack/react-query';

/** Errors a retry cannot fix: the server already answered with a decision. */
const FINAL_CODES = new Set(['invalid-argument', 'not-found', 'permission-denied', 'unauthenticated', 'already-exists', 'failed-precondition']);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 2 && !(isAppError(error) && FINAL_CODES.has(error.code)),
      },
      mutations: { retry: false },
    },
  });
}

import type { AdminUserDetail, AdminUserStore, FunctionInput } from '@shopfront/core';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

export const ADMIN_USER_KEYS = {
  status: ['admin', 'status'] as const,
  stats: ['admin', 'stats'] as const,
  users: ['admin', 'users'] as const,
  admins: ['admin', 'users', 'admins'] as const,
  search: (input: FunctionInput<'searchAdminUsers'>) => ['admin', 'users', 'search', input] as const,
  user: (userId: string) => ['admin', 'users', 'detail', userId] as const,
  audit: ['admin', 'audit-log'] as const,
};

/** Whether the signed-in creator is an admin, and whether this session proved TOTP (admin functions need both). */
export function useAdminStatus() {
  // Always asked again on arrival: enrolling in TOTP (Settings) changes the answer for this session.
  return useQuery({ queryKey: ADMIN_USER_KEYS.status, queryFn: () => callFunction('checkAdminStatus', {}), staleTime: 0, refetchOnMount: 'always' });
}

export function usePlatformStats() {
  return useQuery({ queryKey: ADMIN_USER_KEYS.stats, queryFn: () => callFunction('getPlatformStats', {}) });
}

/** One page of the users table; the previous page stays on screen while the next loads. */
export function useAdminUserSearch(input: FunctionInput<'searchAdminUsers'>) {
  return useQuery({ queryKey: ADMIN_USER_KEYS.search(input), queryFn: () => callFunction('searchAdminUsers', input), placeholderData: keepPreviousData });
}

/** Spec §7 getAdminUsers: every admin by email (under `users`, so role changes refetch it). */
export function useAdminList() {
  return useQuery({ queryKey: ADMIN_USER_KEYS.admins, queryFn: async () => (await callFunction('getAdminUsers', {})).admins });
}

export function useAdminUser(userId: string | null) {
  return useQuery({
    queryKey: ADMIN_USER_KEYS.user(userId ?? ''),
    queryFn: () => callFunction('getAdminUser', { userId: userId ?? '' }),
    enabled: userId !== null,
  });
}

export const AUDIT_PAGE_SIZE = 50;

/** The audit log newest first, 50 rows at a time ("Load more" asks for the next cursor). */
export function useAdminAuditLog() {
  return useInfiniteQuery({
    queryKey: ADMIN_USER_KEYS.audit,
    queryFn: ({ pageParam }) => callFunction('getAdminAuditLog', pageParam ? { limit: AUDIT_PAGE_SIZE, cursor: pageParam } : { limit: AUDIT_PAGE_SIZE }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** After any admin write: the user, the table, the numbers and the audit log are fetched again. */
function useAfterAdminWrite() {
  const queryClient = useQueryClient();
  return async (userId?: string, detail?: AdminUserDetail) => {
    if (userId && detail) queryClient.setQueryData(ADMIN_USER_KEYS.user(userId), detail);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ADMIN_USER_KEYS.users }),
      queryClient.invalidateQueries({ queryKey: ADMIN_USER_KEYS.audit }),
      queryClient.invalidateQueries({ queryKey: ADMIN_USER_KEYS.stats }),
    ]);
  };
}

/** The admin actions on one user; each asks for a reason, which lands in the audit log. */
export type AdminUserAction = 'grant-admin' | 'revoke-admin' | 'deactivate' | 'reactivate' | 'unlock-mfa';

export function useAdminUserAction(userId: string) {
  const queryClient = useQueryClient();
  const after = useAfterAdminWrite();
  return useMutation({
    mutationFn: async ({ action, reason }: { action: AdminUserAction; reason: string }): Promise<AdminUserDetail | null> => {
      if (action === 'grant-admin' || action === 'revoke-admin') {
        await callFunction('setUserAdminStatus', { userId, isAdmin: action === 'grant-admin', reason });
        return null;
      }
      if (action === 'deactivate') return callFunction('deactivateUser', { userId, reason });
      if (action === 'reactivate') return callFunction('reactivateUser', { userId, reason });
      return callFunction('unlockUserMfa', { userId, reason });
    },
    onSuccess: async (detail) => {
      await after(userId, detail ?? undefined);
      // A role change answers no detail: read it again.
      if (!detail) await queryClient.invalidateQueries({ queryKey: ADMIN_USER_KEYS.user(userId) });
    },
  });
}

/** Unpublish a store for abuse, or restore it; the owner's detail is refetched. */
export function useStoreAbuseAction(userId: string) {
  const queryClient = useQueryClient();
  const after = useAfterAdminWrite();
  return useMutation({
    mutationFn: ({ storeId, unpublish, reason }: { storeId: string; unpublish: boolean; reason: string }): Promise<AdminUserStore> =>
      unpublish ? callFunction('unpublishStoreForAbuse', { storeId, reason }) : callFunction('restoreStore', { storeId, reason }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ADMIN_USER_KEYS.user(userId) });
      await after();
    },
  });
}

import type { FunctionInput, Member } from '@shopfront/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { downloadText } from '#src/lib/download-text.ts';

export type MemberFilters = Omit<FunctionInput<'listMembers'>, 'page' | 'storeId' | 'productId'>;

/** Every members query of one membership, so an action refreshes all of its pages and filters. */
export const membersKey = (storeId: string, productId: string) => ['memberships', storeId, productId, 'members'] as const;

/** listMembers: one page of a membership's members, newest first. */
export function useMembers(storeId: string, productId: string, filters: MemberFilters, page: number) {
  return useQuery({
    queryKey: [...membersKey(storeId, productId), filters, page],
    queryFn: () => callFunction('listMembers', { storeId, productId, ...filters, page }),
    // Moving between pages or filters keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** exportMembersCsv, saved as a file in the browser. */
export function useExportMembers(storeId: string, productId: string) {
  return useMutation({
    mutationFn: (filters: MemberFilters) => callFunction('exportMembersCsv', { storeId, productId, ...filters }),
    onSuccess: (file) => downloadText(file.filename, file.csv, 'text/csv;charset=utf-8'),
  });
}

export function useCancelMember(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, when }: { member: Member; when: 'period_end' | 'now' }) => callFunction('cancelMember', { storeId, membershipId: member.id, when }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(storeId, productId) }),
  });
}

export function useRefundMember(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Member) => callFunction('refundMemberLastPayment', { storeId, membershipId: member.id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(storeId, productId) }),
  });
}

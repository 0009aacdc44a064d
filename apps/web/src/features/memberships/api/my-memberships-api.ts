import type { FunctionInput, MyMembership } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

export const myMembershipsKey = (storeId: string) => ['members', 'memberships', storeId] as const;

/** How often the list is asked again while a request waits for Stripe's confirmation. */
export const PENDING_POLL_MS = 3_000;

/**
 * listMyMemberships: the signed-in customer's memberships at this store, newest first. While one
 * has a request Stripe has not confirmed yet, it is asked again every `pollMs` until none has.
 */
export function useMyMemberships(storeId: string, pollMs = PENDING_POLL_MS) {
  return useQuery({
    queryKey: myMembershipsKey(storeId),
    queryFn: () => callFunction('listMyMemberships', { storeId }),
    staleTime: 30_000,
    refetchInterval: (query) => (query.state.data?.memberships.some((membership) => membership.pendingRequest !== null) ? pollMs : false),
  });
}

/** Stripe's customer portal for a Stripe membership: answers where to send the member. */
export const useOpenBillingPortal = (storeId: string) => useMutation({ mutationFn: (membershipId: string) => callFunction('openMembershipBillingPortal', { storeId, membershipId }) });

/** Puts the answered membership in the list at once, then refetches (its invoices may have changed). */
function useMembershipAction<Input>(storeId: string, action: (input: Input) => Promise<{ membership: MyMembership }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: ({ membership }) => {
      queryClient.setQueryData<{ memberships: MyMembership[] }>(myMembershipsKey(storeId), (list) =>
        list ? { memberships: list.memberships.map((one) => (one.id === membership.id ? membership : one)) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: myMembershipsKey(storeId) });
    },
  });
}

export const useCancelMyMembership = (storeId: string) =>
  useMembershipAction(storeId, ({ membershipId, reason }: { membershipId: string; reason: string }) =>
    callFunction('cancelMyMembership', { storeId, membershipId, ...(reason.trim() ? { reason: reason.trim() } : {}) }),
  );

export const useResumeMyMembership = (storeId: string) => useMembershipAction(storeId, (membershipId: string) => callFunction('resumeMyMembership', { storeId, membershipId }));

export const usePauseMyMembership = (storeId: string) =>
  useMembershipAction(storeId, ({ membershipId, resumeOn }: { membershipId: string; resumeOn: string | null }) =>
    callFunction('pauseMyMembership', { storeId, membershipId, ...(resumeOn ? { resumeOn } : {}) }),
  );

export const useUnpauseMyMembership = (storeId: string) => useMembershipAction(storeId, (membershipId: string) => callFunction('unpauseMyMembership', { storeId, membershipId }));

export const useChangeMyTier = (storeId: string) =>
  useMembershipAction(storeId, ({ membershipId, tierId }: { membershipId: string; tierId: string }) => callFunction('changeMyMembershipTier', { storeId, membershipId, tierId }));

/** What moving to `tierId` would charge or credit now; asked again each time the dialog opens. */
export function useChangePreview(storeId: string, membershipId: string, tierId: string | null) {
  return useQuery({
    queryKey: [...myMembershipsKey(storeId), membershipId, 'preview', tierId],
    queryFn: () => callFunction('previewMembershipChange', { storeId, membershipId, tierId: tierId ?? '' }),
    enabled: tierId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export type CardInput = FunctionInput<'replaceMyMembershipCard'>['card'];

export function useReplaceCard(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ membershipId, card }: { membershipId: string; card: CardInput }) => callFunction('replaceMyMembershipCard', { storeId, membershipId, card }),
    onSuccess: (answer) => (answer.kind === 'replaced' ? queryClient.invalidateQueries({ queryKey: myMembershipsKey(storeId) }) : undefined),
  });
}

import type { FunctionInput, MembershipTier } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { PRODUCT_KEYS } from './product-keys.ts';

type TierList = { tiers: MembershipTier[]; currency: string };

/** Under the product's own key, so deleting or switching the store drops them with it. */
export const tiersKey = (storeId: string, productId: string) => [...PRODUCT_KEYS.one(storeId, productId), 'tiers'] as const;

/** A membership product's tiers (live ones in order, then archived), with their member counts. */
export function useMembershipTiers(storeId: string, productId: string | null) {
  return useQuery({
    queryKey: tiersKey(storeId, productId ?? ''),
    queryFn: () => callFunction('listMembershipTiers', { storeId, productId: productId ?? '' }),
    enabled: productId !== null,
  });
}

type SaveTier = { create: FunctionInput<'createMembershipTier'> } | { update: FunctionInput<'updateMembershipTier'> };

/** createMembershipTier or updateMembershipTier; the list refetches after either. */
export function useSaveTier(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveTier) => ('create' in input ? callFunction('createMembershipTier', input.create) : callFunction('updateMembershipTier', input.update)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tiersKey(storeId, productId) }),
  });
}

export function useReorderTiers(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tierIds: string[]) => callFunction('reorderMembershipTiers', { storeId, productId, tierIds }),
    // The new order shows at once; a refusal puts the server's order back.
    onMutate: (tierIds) => {
      const key = tiersKey(storeId, productId);
      const before = queryClient.getQueryData<TierList>(key);
      if (before) {
        const byId = new Map(before.tiers.map((tier) => [tier.id, tier]));
        const moved = tierIds.map((id) => byId.get(id)).filter((tier) => tier !== undefined);
        queryClient.setQueryData<TierList>(key, { ...before, tiers: [...moved, ...before.tiers.filter((tier) => tier.archivedAt !== null)] });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(tiersKey(storeId, productId), context.before);
    },
    onSuccess: (list) => queryClient.setQueryData(tiersKey(storeId, productId), list),
  });
}

export function useArchiveTier(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tierId: string) => callFunction('archiveMembershipTier', { storeId, tierId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tiersKey(storeId, productId) }),
  });
}

/** setMembershipTierCourses: the tier's courses, replaced; the list refetches after. */
export function useSetTierCourses(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { tierId: string; courses: string[] }) => callFunction('setMembershipTierCourses', { storeId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tiersKey(storeId, productId) }),
  });
}

/** setMembershipTierFiles: the tier's files (of the membership's own files), replaced; the list refetches after. */
export function useSetTierFiles(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { tierId: string; files: string[] }) => callFunction('setMembershipTierFiles', { storeId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tiersKey(storeId, productId) }),
  });
}

/** moveTierMembersToCurrentPrice: existing members move to the tier's price after notice; the list refetches after. */
export function useMoveMembersToPrice(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tierId: string) => callFunction('moveTierMembersToCurrentPrice', { storeId, tierId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tiersKey(storeId, productId) }),
  });
}

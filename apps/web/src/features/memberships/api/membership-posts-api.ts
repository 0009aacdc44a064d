import type { FunctionInput } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

/** Every posts query of one membership, so a write refreshes the list and the open post. */
export const postsKey = (storeId: string, productId: string) => ['memberships', storeId, productId, 'posts'] as const;

/** listMembershipPosts: the membership's posts, newest first, without their text. */
export function useMembershipPosts(storeId: string, productId: string) {
  return useQuery({ queryKey: postsKey(storeId, productId), queryFn: () => callFunction('listMembershipPosts', { storeId, productId }) });
}

/** getMembershipPost: one post with its text, for the editor (null: a new post, nothing to load). */
export function useMembershipPost(storeId: string, productId: string, postId: string | null) {
  return useQuery({
    queryKey: [...postsKey(storeId, productId), postId],
    queryFn: () => callFunction('getMembershipPost', { storeId, postId: postId ?? '' }),
    enabled: postId !== null,
    staleTime: 0,
  });
}

type Fields = Omit<FunctionInput<'createMembershipPost'>, 'storeId' | 'productId'>;

/** Creates (no `postId`) or updates a post; then the list refetches. */
export function useSaveMembershipPost(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, ...fields }: Fields & { postId: string | null }) =>
      postId === null ? callFunction('createMembershipPost', { storeId, productId, ...fields }) : callFunction('updateMembershipPost', { storeId, postId, ...fields }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKey(storeId, productId) }),
  });
}

/** Publishes or unpublishes a post (`publish` false: back to a draft). */
export function useSetPostPublished(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, publish }: { postId: string; publish: boolean }) => callFunction(publish ? 'publishMembershipPost' : 'unpublishMembershipPost', { storeId, postId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKey(storeId, productId) }),
  });
}

export function useDeleteMembershipPost(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => callFunction('deleteMembershipPost', { storeId, postId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKey(storeId, productId) }),
  });
}

/** The membership's tiers, live ones first, for the post editor's checkboxes and the list's tier names. */
export function usePostTiers(storeId: string, productId: string) {
  return useQuery({
    queryKey: ['memberships', storeId, productId, 'tiers'],
    queryFn: () => callFunction('listMembershipTiers', { storeId, productId }),
  });
}

/** setMembershipPostTitlesShown: whether the storefront lists the titles of the membership's posts. */
export function useSetPostTitlesShown(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shown: boolean) => callFunction('setMembershipPostTitlesShown', { storeId, productId, shown }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKey(storeId, productId) }),
  });
}

/** previewMembershipPostEmail: how many members the email would reach now (null: no post chosen). */
export function usePostEmailPreview(storeId: string, productId: string, postId: string | null) {
  return useQuery({
    queryKey: [...postsKey(storeId, productId), postId, 'email-preview'],
    queryFn: () => callFunction('previewMembershipPostEmail', { storeId, postId: postId ?? '' }),
    enabled: postId !== null,
    staleTime: 0,
  });
}

/** emailMembershipPost: sends the post to its tiers' members, once. */
export function useEmailMembershipPost(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => callFunction('emailMembershipPost', { storeId, postId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKey(storeId, productId) }),
  });
}

import { useQuery } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { myMembershipsKey } from './my-memberships-api.ts';

/** Under the memberships key: a tier change, cancel or resume refreshes which posts open. */
const myPostsKey = (storeId: string) => [...myMembershipsKey(storeId), 'posts'] as const;

/** listMyMembershipPosts: the published posts of the member's memberships, newest first. */
export function useMyMembershipPosts(storeId: string) {
  return useQuery({ queryKey: myPostsKey(storeId), queryFn: () => callFunction('listMyMembershipPosts', { storeId }) });
}

/** getMyMembershipPost: the post's text (null from the server when the member may not read it). */
export function useMyMembershipPost(storeId: string, postId: string, enabled: boolean) {
  return useQuery({ queryKey: [...myPostsKey(storeId), postId], queryFn: () => callFunction('getMyMembershipPost', { storeId, postId }), enabled });
}

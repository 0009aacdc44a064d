import { useQuery } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { myMembershipsKey } from './my-memberships-api.ts';

/** Under the memberships key: a tier change, cancel, pause or resume refreshes which files open. */
const myFilesKey = (storeId: string) => [...myMembershipsKey(storeId), 'files'] as const;

/** The signed links last 15 minutes (COMMERCE_LIMITS.downloadLinkTtlMs): fresh ones well before. */
const LINK_REFRESH_MS = 10 * 60_000;

/** listMyMembershipFiles: each membership's tier files, with signed links while access lasts. */
export function useMyMembershipFiles(storeId: string) {
  return useQuery({ queryKey: myFilesKey(storeId), queryFn: () => callFunction('listMyMembershipFiles', { storeId }), refetchInterval: LINK_REFRESH_MS });
}

import { useQuery } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

/** The membership's tiers, for the members page's tier filter. */
export function useTierOptions(storeId: string, productId: string) {
  return useQuery({
    queryKey: ['memberships', storeId, productId, 'tiers'],
    queryFn: () => callFunction('listMembershipTiers', { storeId, productId }),
    select: (list) => list.tiers.map((tier) => ({ id: tier.id, name: tier.archivedAt ? `${tier.name} (archived)` : tier.name })),
  });
}

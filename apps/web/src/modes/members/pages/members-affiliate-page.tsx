import { AffiliateSection } from '#src/features/members/index.ts';
import { FeatureGate } from '#src/features/platform/index.ts';
import { MembersFrame, MembersPageTitle, useMembersStore } from '../components/members-frame.tsx';

/**
 * `/members/affiliate` (docs/affiliates.md "The affiliate"): the store's affiliate program for
 * the signed-in customer, while the platform's `affiliateProgram` flag is on.
 */
export function MembersAffiliatePage() {
  const { storeId, storeName, storeHref } = useMembersStore();
  return (
    <MembersFrame>
      <FeatureGate flag="affiliateProgram">
        <MembersPageTitle title="Earn as an affiliate" subtitle={`Share ${storeName} and earn a commission on the sales you bring.`} />
        <AffiliateSection storeId={storeId} storeName={storeName} storeHref={storeHref} />
      </FeatureGate>
    </MembersFrame>
  );
}

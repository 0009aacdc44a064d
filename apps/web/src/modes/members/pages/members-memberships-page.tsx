import { MyMembershipPosts, MyMembershipsSection } from '#src/features/memberships/index.ts';
import { MembersFrame, MembersPageTitle, useMembersStore } from '../components/members-frame.tsx';

/** `/members/memberships` (docs/memberships.md): the signed-in customer's memberships at this store. */
export function MembersMembershipsPage() {
  const { storeId, storeName, storeHref } = useMembersStore();
  return (
    <MembersFrame>
      <MembersPageTitle title="Your memberships" subtitle={`Your tiers at ${storeName}, what comes next and your invoices.`} />
      <MyMembershipsSection storeId={storeId} storeHref={storeHref} />
      <div className="mt-8">
        <MyMembershipPosts storeId={storeId} storeHref={storeHref} />
      </div>
    </MembersFrame>
  );
}

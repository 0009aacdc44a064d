import { MembershipChooser, type MembershipOption } from './membership-chooser.tsx';
import { MembersScreen } from './members-screen.tsx';

export type { MembershipOption } from './membership-chooser.tsx';

/** The members page's body: the chosen membership's members (or the way to make a membership). */
export function MembershipMembers({ storeId, memberships, newMembershipHref }: { storeId: string; memberships: MembershipOption[]; newMembershipHref: string }) {
  return (
    <MembershipChooser memberships={memberships} newMembershipHref={newMembershipHref} emptyText="Make a membership product with its tiers; the people who join it appear here.">
      {/* Keyed: another membership starts on its first page with no filters. */}
      {(chosen) => <MembersScreen key={chosen.id} storeId={storeId} productId={chosen.id} />}
    </MembershipChooser>
  );
}

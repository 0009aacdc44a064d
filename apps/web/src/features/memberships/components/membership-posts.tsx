import { MembershipChooser, type MembershipOption } from './membership-chooser.tsx';
import { PostsScreen } from './posts-screen.tsx';

/** The posts page's body: the chosen membership's posts (or the way to make a membership). */
export function MembershipPosts({ storeId, memberships, newMembershipHref }: { storeId: string; memberships: MembershipOption[]; newMembershipHref: string }) {
  return (
    <MembershipChooser memberships={memberships} newMembershipHref={newMembershipHref} emptyText="Make a membership product with its tiers, then write posts its members read.">
      {(chosen) => <PostsScreen key={chosen.id} storeId={storeId} productId={chosen.id} />}
    </MembershipChooser>
  );
}

import { MyBookingsSection } from '#src/features/bookings/index.ts';
import { MembersFrame, MembersPageTitle, useMembersStore } from '../components/members-frame.tsx';

/** `/members/bookings` (docs/bookings.md): the signed-in customer's calls at this store. */
export function MembersBookingsPage() {
  const { storeId, storeName } = useMembersStore();
  return (
    <MembersFrame>
      <MembersPageTitle title="Your calls" subtitle={`Your calls with ${storeName}: join, move or cancel them, and book the rest of a package.`} />
      <MyBookingsSection storeId={storeId} />
    </MembersFrame>
  );
}

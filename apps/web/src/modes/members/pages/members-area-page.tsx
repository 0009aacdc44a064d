import { MyCoursesSection } from '#src/features/courses/index.ts';
import { EmailPreferences, MEMBERS_PATHS, PaymentPlansSection, PurchasesSection, useCustomerSession } from '#src/features/members/index.ts';
import { MembersFrame, MembersPageTitle, useMembersStore } from '../components/members-frame.tsx';

/**
 * The members home (reached only by a signed-in customer, ProtectedMembersArea): courses, purchases and
 * email preferences, in the members frame (store, sign out, the area's pages).
 */
export function MembersAreaPage() {
  const { storeId, storeName, storeHref } = useMembersStore();
  const session = useCustomerSession(storeId);
  const signedInAs = session.data ? `Signed in as ${session.data.name ? `${session.data.name} (${session.data.email})` : session.data.email}` : undefined;

  return (
    <MembersFrame>
      <MembersPageTitle title="Your library" subtitle={signedInAs} />
      <MyCoursesSection storeId={storeId} membershipsHref={MEMBERS_PATHS.memberships} />
      <PaymentPlansSection storeId={storeId} />
      <PurchasesSection storeId={storeId} storeHref={storeHref} />
      <EmailPreferences storeId={storeId} storeName={storeName} />
    </MembersFrame>
  );
}

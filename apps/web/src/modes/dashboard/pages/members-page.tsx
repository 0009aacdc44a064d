import { LoadError } from '#src/components/errors/load-error.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { MembershipMembers } from '#src/features/memberships/index.ts';
import { editorSearch, useProducts } from '#src/features/products/index.ts';
import { useActiveStore } from '#src/lib/active-store.ts';
import { DASHBOARD_PATHS } from '../paths.ts';
import { ProductsTabs } from './products-tabs.tsx';
import { SectionPage } from './section-page.tsx';

/**
 * /dashboard/products/members: the members of the active store's memberships. A tab of the
 * Products section beside discount codes, so members sit next to the membership they joined.
 */
export function MembersPage() {
  return (
    <SectionPage title="Members" description="The people who joined your memberships: their tier, status and payments.">
      <ProductsTabs />
      <MembersBody />
    </SectionPage>
  );
}

function MembersBody() {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" error={error} onRetry={() => void refetch()} />;
  if (!store) return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">Create a store first; its members will appear here.</p>;
  return <StoreMemberships key={store.id} storeId={store.id} />;
}

/** Archived memberships included: their members may still be paying. */
function StoreMemberships({ storeId }: { storeId: string }) {
  const products = useProducts(storeId, true);
  if (products.isPending) return <Spinner label="Loading your memberships" />;
  if (products.isError) return <LoadError title="Your memberships could not load" error={products.error} onRetry={() => void products.refetch()} />;
  const memberships = products.data.products.filter((product) => product.type === 'membership').map((product) => ({ id: product.id, title: product.title }));
  return <MembershipMembers storeId={storeId} memberships={memberships} newMembershipHref={`${DASHBOARD_PATHS.products}${editorSearch.create('membership')}`} />;
}

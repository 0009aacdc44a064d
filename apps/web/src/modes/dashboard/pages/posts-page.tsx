import { LoadError } from '#src/components/errors/load-error.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { MembershipPosts } from '#src/features/memberships/index.ts';
import { editorSearch, useProducts } from '#src/features/products/index.ts';
import { useActiveStore } from '#src/lib/active-store.ts';
import { DASHBOARD_PATHS } from '../paths.ts';
import { ProductsTabs } from './products-tabs.tsx';
import { SectionPage } from './section-page.tsx';

/** /dashboard/products/posts: members-only posts of the active store's memberships, a tab beside Members. */
export function PostsPage() {
  return (
    <SectionPage title="Posts" description="Members-only posts: members of the tiers you choose read them in your members area.">
      <ProductsTabs />
      <PostsBody />
    </SectionPage>
  );
}

function PostsBody() {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" error={error} onRetry={() => void refetch()} />;
  if (!store) return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">Create a store first; your memberships’ posts will appear here.</p>;
  return <StorePosts key={store.id} storeId={store.id} />;
}

/** Archived memberships are left out: their posts can no longer change. */
function StorePosts({ storeId }: { storeId: string }) {
  const products = useProducts(storeId, false);
  if (products.isPending) return <Spinner label="Loading your memberships" />;
  if (products.isError) return <LoadError title="Your memberships could not load" error={products.error} onRetry={() => void products.refetch()} />;
  const memberships = products.data.products.filter((product) => product.type === 'membership').map((product) => ({ id: product.id, title: product.title }));
  return <MembershipPosts storeId={storeId} memberships={memberships} newMembershipHref={`${DASHBOARD_PATHS.products}${editorSearch.create('membership')}`} />;
}

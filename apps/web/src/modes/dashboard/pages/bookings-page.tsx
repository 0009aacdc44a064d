import { LoadError } from '#src/components/errors/load-error.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { BookingsScreen } from '#src/features/bookings/index.ts';
import { useProducts } from '#src/features/products/index.ts';
import { useActiveStore } from '#src/lib/active-store.ts';
import { DASHBOARD_SECTIONS } from '../paths.ts';
import { BookingsTabs } from './bookings-tabs.tsx';
import { SectionPage } from './section-page.tsx';

const bookings = DASHBOARD_SECTIONS.find((section) => section.key === 'bookings');

/** /dashboard/bookings: the active store's coaching calls, as a list or a week. */
export function BookingsPage() {
  return (
    <SectionPage title={bookings?.label ?? 'Bookings'} description={bookings?.description ?? ''}>
      <BookingsTabs />
      <BookingsBody />
    </SectionPage>
  );
}

function BookingsBody() {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" error={error} onRetry={() => void refetch()} />;
  if (!store) return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">Create a store first; its bookings will appear here.</p>;
  return <StoreBookings key={store.id} storeId={store.id} />;
}

/** Archived calls included: their bookings still happen. */
function StoreBookings({ storeId }: { storeId: string }) {
  const products = useProducts(storeId, true);
  const calls = (products.data?.products ?? []).filter((product) => product.type === 'call').map((product) => ({ id: product.id, title: product.title }));
  return <BookingsScreen storeId={storeId} products={calls} />;
}

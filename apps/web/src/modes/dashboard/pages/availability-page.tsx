import { LoadError } from '#src/components/errors/load-error.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { AvailabilityScreen } from '#src/features/bookings/index.ts';
import { useActiveStore } from '#src/lib/active-store.ts';
import { BookingsTabs } from './bookings-tabs.tsx';
import { SectionPage } from './section-page.tsx';

/**
 * /dashboard/bookings/availability: the hours every call product of the store shares, and the
 * calendar feed. A tab of the Bookings section, beside the bookings those hours produce.
 */
export function AvailabilityPage() {
  return (
    <SectionPage title="Availability" description="When buyers can book your calls, your days off, and your calendar feed.">
      <BookingsTabs />
      <AvailabilityBody />
    </SectionPage>
  );
}

function AvailabilityBody() {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" error={error} onRetry={() => void refetch()} />;
  if (!store) return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">Create a store first, then set the hours buyers can book.</p>;
  return <AvailabilityScreen key={store.id} storeId={store.id} />;
}

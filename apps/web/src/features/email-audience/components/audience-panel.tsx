import { Link } from 'react-router';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { ContactImport } from './contact-import.tsx';
import { SegmentsSection } from './segments-section.tsx';

/**
 * The Audience tab of /dashboard/email: the store's customers who agreed to marketing, grouped
 * into segments, and the CSV import. One person is added on the Customers page.
 */
export function AudiencePanel({ customersPath = '/dashboard/customers' }: { customersPath?: string }) {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" error={error} onRetry={() => void refetch()} />;
  if (!store) return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">Create a store first; its audience will appear here.</p>;

  return (
    <div key={store.id} className="space-y-8">
      <p className="text-sm text-slate-700">
        Your audience is your customers who agreed to marketing email: at checkout, in the members area, or when you added them. To add one person, use{' '}
        <Link className="font-semibold text-brand-700 underline" to={customersPath}>
          Customers › Add customer
        </Link>{' '}
        and switch on marketing consent.
      </p>
      <SegmentsSection storeId={store.id} />
      <ContactImport storeId={store.id} />
    </div>
  );
}

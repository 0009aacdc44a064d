import { useAdminList } from '../api/admin-users-api.ts';

/**
 * Spec §6 "list admins" (getAdminUsers): who can run the platform, by email. Opening one shows
 * the same detail (and the revoke action) as the users table.
 */
export function AdminsCard({ onOpen }: { onOpen: (userId: string) => void }) {
  const admins = useAdminList();
  return (
    <section aria-labelledby="admins-title" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
      <h3 id="admins-title" className="text-base font-semibold text-slate-900">
        Admins{admins.data ? ` (${admins.data.length})` : ''}
      </h3>
      {admins.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-500">
          Loading the admins…
        </p>
      ) : admins.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The admins could not load.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void admins.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Admins">
          {admins.data.map((admin) => (
            <li key={admin.id}>
              <button
                type="button"
                onClick={() => onOpen(admin.id)}
                className="inline-flex min-h-10 max-w-full items-center rounded-full bg-slate-100 px-3 text-sm font-medium break-all text-brand-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {admin.email}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

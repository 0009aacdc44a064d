import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DASHBOARD_PATHS } from '../paths.ts';

export interface OfflineStore {
  name: string;
  offlineReason?: string | null;
  offlineNote?: string | null;
}

/**
 * The owner's side of an offline store (visitors only ever see "This store is offline"): an
 * admin's unpublish with its reason, or a store beyond the plan's limit with the way back.
 */
export function StoreOfflineNotice({ store }: { store: OfflineStore }) {
  if (store.offlineReason === 'abuse') {
    return (
      <Banner title={`${store.name} is offline: a platform admin unpublished it`}>
        {store.offlineNote ? <p className="mt-1">Reason: {store.offlineNote}</p> : null}
        <p className="mt-1">Visitors see “This store is offline” and cannot buy. Past buyers keep their downloads. Contact the platform to appeal.</p>
      </Banner>
    );
  }
  if (store.offlineReason === 'plan-limit') {
    return (
      <Banner title={`${store.name} is offline: your plan has no room for it`}>
        <p className="mt-1">
          Visitors see “This store is offline” and cannot buy; everything in it is kept. Past buyers keep their downloads.{' '}
          <Link to={DASHBOARD_PATHS.billing} className="font-semibold underline">
            Upgrade, or choose which stores stay published
          </Link>
          .
        </p>
      </Banner>
    );
  }
  return null;
}

function Banner({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="region" aria-label="Store offline" className="mb-6 flex gap-3 rounded-xl bg-red-50 p-4 ring-1 ring-inset ring-red-200">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6 shrink-0 text-red-600" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 8v5M12 16h.01" strokeLinecap="round" />
      </svg>
      <div className="text-sm text-red-900">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}

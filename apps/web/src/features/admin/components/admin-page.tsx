import { MESSAGES } from '@shopfront/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '#src/components/ui/alert.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { UrlTabs } from '#src/components/ui/url-tabs.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { ADMIN_TABS } from '../admin-tabs.tsx';
import { useAdminStatus } from '../api/admin-users-api.ts';

/** Where the TOTP enrolment lives (Settings › Security). */
export const SECURITY_SETTINGS_PATH = '/dashboard/settings#security';

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="admin-notice-title" className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10">
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600" aria-hidden="true">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6">
          <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" strokeLinejoin="round" />
          <path d="M12 9v4M12 16h.01" strokeLinecap="round" />
        </svg>
      </div>
      <h2 id="admin-notice-title" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mx-auto mt-2 max-w-md text-sm text-slate-600">{children}</div>
    </section>
  );
}

/**
 * /dashboard/admin: for admins whose session proved TOTP, the tabs of ADMIN_TABS (`?tab=`).
 * Anyone else sees why not: "not available" for non-admins, the enrolment prompt for an admin
 * without two-step verification (the server refuses every admin function to both anyway).
 */
export function AdminPage() {
  const status = useAdminStatus();
  if (status.isPending) return <Spinner label="Checking admin access" />;
  if (status.isError) return <Alert title="Could not check admin access">{errorMessage(status.error)}</Alert>;
  if (!status.data.isAdmin) {
    return (
      <Notice title="Admin is not available">
        <p>This page is only for platform admins.</p>
        <Link to="/dashboard" className={cn(buttonClasses('secondary'), 'mt-6')}>
          Back to your dashboard
        </Link>
      </Notice>
    );
  }
  if (!status.data.mfaVerified) {
    return (
      <Notice title="Turn on two-step verification first">
        <p>{MESSAGES.admin.mfaRequired}</p>
        <Link to={SECURITY_SETTINGS_PATH} className={cn(buttonClasses('primary'), 'mt-6')}>
          Set up two-step verification
        </Link>
      </Notice>
    );
  }
  return <AdminTabs />;
}

/** The admin sections as `?tab=` tabs (decision 024). */
function AdminTabs() {
  return <UrlTabs tabs={ADMIN_TABS} label="Admin sections" idPrefix="admin" />;
}

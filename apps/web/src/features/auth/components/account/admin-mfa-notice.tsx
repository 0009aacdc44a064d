import { ModeLink } from '#src/lib/mode-navigation.tsx';

/** The notice an admin without two-step verification sees on every dashboard page. */
export function AdminMfaNotice() {
  return (
    <div role="region" aria-label="Security notice" className="mb-6 flex flex-col gap-3 rounded-xl bg-amber-50 p-4 ring-1 ring-inset ring-amber-200 sm:flex-row sm:items-center">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6 shrink-0 text-amber-600" aria-hidden="true">
        <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" strokeLinejoin="round" />
        <path d="M12 9v4M12 16h.01" strokeLinecap="round" />
      </svg>
      <div className="flex-1 text-sm text-amber-900">
        <p className="font-semibold">Protect your admin account</p>
        <p>Admins must turn on two-step verification. It takes a minute with an authenticator app.</p>
      </div>
      <ModeLink
        to="/dashboard/settings#security"
        className="inline-flex min-h-11 items-center justify-center rounded-lg bg-amber-600 px-4 text-sm font-semibold text-white hover:bg-amber-700"
      >
        Set up now
      </ModeLink>
    </div>
  );
}

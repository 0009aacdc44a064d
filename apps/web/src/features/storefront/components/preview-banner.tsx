import './preview-banner.css';

/** Shown over a draft (`?preview=true`, owner only) so it is never mistaken for the live store. */
export function PreviewBanner() {
  return (
    <div className="sf-preview-banner" role="status">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M2.5 12s3.5-6.5 9.5-6.5 9.5 6.5 9.5 6.5-3.5 6.5-9.5 6.5S2.5 12 2.5 12z" />
        <circle cx="12" cy="12" r="2.8" />
      </svg>
      Preview — not published
    </div>
  );
}

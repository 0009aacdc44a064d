import { formatBytes } from '@shopfront/core/bytes';
import { formatMoney } from '@shopfront/core/money';
import type { ReactNode } from 'react';
import type { CheckoutStatus } from './api/get-checkout-status.ts';

/** The thank-you page's pieces, shared by its states and the combined thank-you of an upsell. */
export const icons = {
  done: (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  ),
  missing: (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5M9 9l4 4M13 9l-4 4" />
    </svg>
  ),
};

export function Card({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="sf-thanks-card">
      {icon ? <div className="sf-thanks-icon">{icon}</div> : null}
      {children}
    </div>
  );
}

/**
 * A download button for each file bought, right on the page (the links are fresh and short-lived;
 * the receipt and the members area mint new ones later). A file at its download limit says so.
 */
export function Downloads({ files }: { files: CheckoutStatus['files'] }) {
  if (files.length === 0) return null;
  return (
    <ul className="sf-thanks-downloads" aria-label="Your downloads">
      {files.map((file) => {
        const left = file.downloadsLeft === null ? null : file.downloadsLeft === 1 ? '1 download left' : `${file.downloadsLeft} downloads left`;
        return (
          <li key={file.id}>
            {file.url ? (
              <a className="sf-thanks-primary" href={file.url} download>
                Download {file.name}
              </a>
            ) : (
              <p className="sf-thanks-file-name">{file.name}</p>
            )}
            <p className="sf-thanks-file-note">{file.url ? [formatBytes(file.sizeBytes), left].filter(Boolean).join(' · ') : 'Download limit reached'}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** The amount paid, "Free" for nothing; whole amounts without decimals, as the store shows prices. */
export function paid(status: Pick<CheckoutStatus, 'amountCents' | 'currency'>): string {
  return status.amountCents === 0 ? 'Free' : formatMoney(status.amountCents, status.currency, { locale: 'en-US', trimWhole: true });
}

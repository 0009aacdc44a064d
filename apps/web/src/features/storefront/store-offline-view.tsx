import { STORE_OFFLINE_MESSAGES } from '@shopfront/core/store-offline';
import { StoreMessageCard } from './store-not-found-view.tsx';

const pauseIcon = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M4 9.5 5.5 4h13L20 9.5M4 9.5h16M4 9.5V20h16V9.5M10 12.5v4M14 12.5v4" />
  </svg>
);

/**
 * What visitors of an offline store see (the server answers 503), in the default theme rather than
 * the store's: the store is not showing itself. Never says why, which only its owner sees.
 */
export function StoreOfflineView({ storeName, homeHref }: { storeName: string; homeHref: string }) {
  return (
    <StoreMessageCard icon={pauseIcon} title={STORE_OFFLINE_MESSAGES.title} linkHref={homeHref} linkText="Go to Shopfront">
      <p>
        <strong>{storeName}</strong> — {STORE_OFFLINE_MESSAGES.body}
      </p>
    </StoreMessageCard>
  );
}

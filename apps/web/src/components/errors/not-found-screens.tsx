import { MESSAGES } from '@shopfront/core';
import { buttonClasses } from '../ui/button.tsx';
import { StatusScreen } from './status-screen.tsx';

const storeIcon = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-7">
    <path d="M4 9.5 5.5 4h13L20 9.5M4 9.5h16M4 9.5V20h16V9.5M9 20v-5h6v5" strokeLinejoin="round" />
  </svg>
);

const pageIcon = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-7">
    <path d="M6 3h8l4 4v14H6zM14 3v4h4M9.5 13.5l5 5M14.5 13.5l-5 5" strokeLinejoin="round" strokeLinecap="round" />
  </svg>
);

/** Links leave the store's router on purpose: the product's home is another mode (a full load). */
export function StoreNotFound({ homeHref = '/' }: { homeHref?: string }) {
  return (
    <StatusScreen
      title={MESSAGES.screens.storeNotFound}
      icon={storeIcon}
      actions={
        <a href={homeHref} className={buttonClasses('primary')}>
          Go to Shopfront
        </a>
      }
    >
      <p>The store you're looking for doesn't exist or is no longer available.</p>
      <p className="text-sm">Check the address for typos, or ask the store owner for the right link.</p>
    </StatusScreen>
  );
}

export function WebsiteNotFound({ slug, homeHref = '/' }: { slug: string; homeHref?: string }) {
  return (
    <StatusScreen
      title={MESSAGES.screens.websiteNotFound}
      icon={pageIcon}
      actions={
        <a href={homeHref} className={buttonClasses('primary')}>
          Go to Shopfront
        </a>
      }
    >
      <p>
        We couldn't find a website for{' '}
        <code className="rounded bg-slate-200/70 px-1.5 py-0.5 font-mono text-sm text-slate-800">{slug}</code>.
      </p>
      <p className="text-sm">It may not be published yet, or the address may be wrong.</p>
    </StatusScreen>
  );
}

import { membersPath } from '@shopfront/core/store-urls';
import './storefront-footer.css';

const mark = (
  <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="8" fill="currentColor" opacity="0.9" />
    <path d="M9 12h14l-1.5 11h-11z" fill="var(--sf-bg-start, #fff)" />
    <path d="M12.5 12a3.5 3.5 0 0 1 7 0" fill="none" stroke="var(--sf-bg-start, #fff)" strokeWidth="2" />
  </svg>
);

/** The store's members area (spec §2) and a quiet platform credit. */
export function StorefrontFooter({ basePath }: { basePath: string }) {
  return (
    <footer className="sf-footer">
      <a className="sf-footer-link" href={membersPath(basePath, 'login')}>
        Member sign in
      </a>
      <p className="sf-powered">
        {mark}
        <span>
          Powered by <strong>Shopfront</strong>
        </span>
      </p>
    </footer>
  );
}

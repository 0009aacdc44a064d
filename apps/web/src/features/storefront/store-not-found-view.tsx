import { themeStyle } from '#src/components/themes/theme-style.ts';
import { DEFAULT_THEME_ID } from '#src/components/themes/theme-ids.ts';
import './components/link-list.css';
import './storefront.css';

const storeIcon = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M4 9.5 5.5 4h13L20 9.5M4 9.5h16M4 9.5V20h16V9.5M9 20v-5h6v5" />
  </svg>
);

/** Spec §2 Store Not Found, in the default theme: what an unknown store address answers (404). */
export function StoreNotFoundView({ homeHref }: { homeHref: string }) {
  const { style } = themeStyle(DEFAULT_THEME_ID);
  return (
    <div className="sf-root" data-theme={DEFAULT_THEME_ID} style={style}>
      <main className="sf-not-found">
        <div className="sf-not-found-card">
          <div className="sf-not-found-icon">{storeIcon}</div>
          <h1>Store Not Found</h1>
          <p>The store you're looking for doesn't exist or is no longer available.</p>
          <p>Check the address for typos, or ask the store owner for the right link.</p>
          <a className="sf-link" href={homeHref}>
            Go to Shopfront
          </a>
        </div>
      </main>
    </div>
  );
}

const productIcon = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M20 7.5 12 3 4 7.5v9L12 21l8-4.5zM4 7.5l8 4.5 8-4.5M12 12v9" />
  </svg>
);

/** A product URL of an existing store with no published product there (404), in the Store Not Found style. */
export function ProductNotFoundView({ storeHref, storeName }: { storeHref: string; storeName: string }) {
  const { style } = themeStyle(DEFAULT_THEME_ID);
  return (
    <div className="sf-root" data-theme={DEFAULT_THEME_ID} style={style}>
      <main className="sf-not-found">
        <div className="sf-not-found-card">
          <div className="sf-not-found-icon">{productIcon}</div>
          <h1>Product not found</h1>
          <p>This product doesn't exist or is no longer available.</p>
          <a className="sf-link" href={storeHref}>
            Back to {storeName}
          </a>
        </div>
      </main>
    </div>
  );
}

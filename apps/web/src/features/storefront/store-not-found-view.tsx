import type { ReactNode } from 'react';
import { themeStyle } from '#src/components/themes/theme-style.ts';
import { DEFAULT_THEME_ID } from '#src/components/themes/theme-ids.ts';
import './components/link-list.css';
import './storefront.css';

const storeIcon = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M4 9.5 5.5 4h13L20 9.5M4 9.5h16M4 9.5V20h16V9.5M9 20v-5h6v5" />
  </svg>
);

/**
 * The storefront's message page: one card in the default theme (not the store's), with an icon,
 * a title, the text and one link. Store Not Found, Product Not Found and the offline store use it.
 */
export function StoreMessageCard(props: { icon: ReactNode; title: string; children: ReactNode; linkHref: string; linkText: ReactNode }) {
  const { style } = themeStyle(DEFAULT_THEME_ID);
  return (
    <div className="sf-root" data-theme={DEFAULT_THEME_ID} style={style}>
      <main className="sf-not-found">
        <div className="sf-not-found-card">
          <div className="sf-not-found-icon">{props.icon}</div>
          <h1>{props.title}</h1>
          {props.children}
          <a className="sf-link" href={props.linkHref}>
            {props.linkText}
          </a>
        </div>
      </main>
    </div>
  );
}

/** Spec §2 Store Not Found: what an unknown store address answers (404). */
export function StoreNotFoundView({ homeHref }: { homeHref: string }) {
  return (
    <StoreMessageCard icon={storeIcon} title="Store Not Found" linkHref={homeHref} linkText="Go to Shopfront">
      <p>The store you're looking for doesn't exist or is no longer available.</p>
      <p>Check the address for typos, or ask the store owner for the right link.</p>
    </StoreMessageCard>
  );
}

const productIcon = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M20 7.5 12 3 4 7.5v9L12 21l8-4.5zM4 7.5l8 4.5 8-4.5M12 12v9" />
  </svg>
);

/** A product URL of an existing store with no published product there (404), in the Store Not Found style. */
export function ProductNotFoundView({ storeHref, storeName }: { storeHref: string; storeName: string }) {
  return (
    <StoreMessageCard icon={productIcon} title="Product not found" linkHref={storeHref} linkText={<>Back to {storeName}</>}>
      <p>This product doesn't exist or is no longer available.</p>
    </StoreMessageCard>
  );
}

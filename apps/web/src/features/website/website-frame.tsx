import type { ReactNode } from 'react';
import { themeStyle } from '#src/components/themes/theme-style.ts';
import type { WebsiteStore } from './types.ts';
import './website.css';

/**
 * The store's theme around a website page: the storefront's colours, fonts, ink and backdrop
 * (components/themes), so a mocha-mood or neon-pulse site looks like its storefront. The editor
 * wraps its canvas in it too.
 */
export function WebsiteFrame({ store, embedded = false, children }: { store: WebsiteStore; embedded?: boolean; children: ReactNode }) {
  const { profile } = store;
  const { theme, style } = themeStyle(profile.theme, profile.themeOverrides.colors);
  const Backdrop = theme.Backdrop;
  return (
    <div className="sf-root ws-root" data-theme={theme.id} data-embedded={embedded ? '' : undefined} style={style}>
      {Backdrop ? <Backdrop /> : null}
      {children}
    </div>
  );
}

/** A note above the page: the owner's draft preview, or a development host. */
export function WebsiteBanner({ children }: { children?: ReactNode }) {
  return children ? (
    <p className="ws-banner" role="note">
      {children}
    </p>
  ) : null;
}

import { pageHref, safeHref } from '../format.ts';
import type { SiteHeaderProps, WebsiteRenderContext } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';

/** The site's pages in order, plus the storefront ("Shop"); the current page is marked. */
export function SiteNavigation({ context, label }: { context: WebsiteRenderContext; label: string }) {
  if (context.pages.length < 2 && !context.storeHref) return null;
  return (
    <nav className="ws-nav" aria-label={label}>
      <ul>
        {context.pages.map((page) => (
          <li key={page.slug}>
            <a href={pageHref(context, page.slug)} aria-current={page.slug === context.currentSlug ? 'page' : undefined}>
              {page.title}
            </a>
          </li>
        ))}
        {context.storeHref ? (
          <li>
            <a href={context.storeHref}>Shop</a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** The site's name (linking home), its navigation and an optional button. */
export function SiteHeaderBlock({ showStoreName, ctaLabel, ctaHref, context }: BlockComponentProps<SiteHeaderProps>) {
  const href = safeHref(ctaHref);
  return (
    <header className="ws-site-header">
      <div className="ws-site-header-bar">
        {showStoreName ? (
          <a className="ws-site-name" href={pageHref(context, 'home')}>
            {context.store.profile.name}
          </a>
        ) : null}
        {ctaLabel && href ? (
          <a className="ws-button" data-style="primary" data-size="small" href={href}>
            {ctaLabel}
          </a>
        ) : null}
      </div>
      <SiteNavigation context={context} label="Site" />
    </header>
  );
}

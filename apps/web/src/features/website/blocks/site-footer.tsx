import { membersPath } from '@shopfront/core/store-urls';
import type { SiteFooterProps } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';
import { SiteNavigation } from './site-header.tsx';

/** A closing line, the navigation again, the members area and a quiet platform credit. */
export function SiteFooterBlock({ text, showNavigation, context }: BlockComponentProps<SiteFooterProps>) {
  return (
    <footer className="ws-site-footer">
      {text ? <p className="ws-footer-text ws-multiline">{text}</p> : null}
      {showNavigation ? <SiteNavigation context={context} label="Footer" /> : null}
      <p className="ws-footer-meta">
        <a href={membersPath(context.storeBasePath, 'login')}>Member sign in</a>
        <span aria-hidden="true"> · </span>
        <span>
          Powered by <strong>Shopfront</strong>
        </span>
      </p>
    </footer>
  );
}

import type { LinkBlock } from '@shopfront/core';
import { safeHref } from '@shopfront/core/safe-url';
import { Icon } from '#src/components/ui/icon.tsx';
import './link-list.css';

/**
 * The creator's link blocks as big tappable buttons (hidden blocks are already left out).
 * `data-l` (the block's id) is what the analytics beacon records a click by (../beacon.ts).
 */
export function LinkList({ links }: { links: readonly LinkBlock[] }) {
  const shown = links.flatMap((link) => {
    const href = safeHref(link.url);
    return href ? [{ ...link, href }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <nav className="sf-links" aria-label="Links">
      <ul>
        {shown.map((link) => (
          <li key={link.id}>
            <a className="sf-link" href={link.href} rel="noopener" data-l={link.id}>
              <span className="sf-link-text">
                <span className="sf-link-title">{link.title}</span>
                {/* The space keeps the accessible name "Title Description", not "TitleDescription". */}
                {link.description ? <> <span className="sf-link-description">{link.description}</span></> : null}
              </span>
              <span className="sf-link-arrow">
                <Icon name="arrow-right" />
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

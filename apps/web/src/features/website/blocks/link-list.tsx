import { safeHref } from '../format.ts';
import type { LinkListProps } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';

const isExternal = (href: string) => /^https?:/i.test(href);

/** A column of link buttons, like the storefront's link blocks; outside links open in a new tab. */
export function LinkListBlock({ heading, links }: BlockComponentProps<LinkListProps>) {
  const shown = links.flatMap((link) => {
    const href = safeHref(link.href);
    return href && link.label ? [{ label: link.label, href }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <section className="ws-block ws-links">
      {heading ? <h2 className="ws-section-title">{heading}</h2> : null}
      <ul className="ws-link-list">
        {shown.map((link, index) => (
          <li key={`${index}-${link.href}`}>
            {isExternal(link.href) ? (
              <a className="ws-link" href={link.href} target="_blank" rel="noopener noreferrer nofollow">
                {link.label}
              </a>
            ) : (
              <a className="ws-link" href={link.href}>
                {link.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

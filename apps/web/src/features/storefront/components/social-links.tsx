import type { SocialLink } from '@shopfront/core';
import { safeHref } from '@shopfront/core/safe-url';
import { SOCIAL_PLATFORM_INFO, SocialIcon } from '#src/components/ui/social-icons.tsx';

/**
 * Icon links; each has its platform as its accessible name ("Instagram"). `data-l`
 * (`social:<platform>`) is what the analytics beacon records a click by (../beacon.ts).
 */
export function SocialLinks({ links }: { links: readonly SocialLink[] }) {
  const shown = links.flatMap((link) => {
    const href = safeHref(link.url);
    return href ? [{ ...link, href }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul className="sf-social" aria-label="Social links">
      {shown.map((link, index) => (
        <li key={`${link.platform}-${index}`}>
          <a
            className="sf-social-link"
            href={link.href}
            rel="me noopener"
            data-l={`social:${link.platform}`}
            aria-label={SOCIAL_PLATFORM_INFO[link.platform]?.label ?? 'Link'}
          >
            <SocialIcon platform={link.platform} />
          </a>
        </li>
      ))}
    </ul>
  );
}

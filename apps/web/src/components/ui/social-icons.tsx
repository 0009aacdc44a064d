import type { SocialLink } from '@shopfront/core';
import type { ReactNode } from 'react';

type SocialPlatform = SocialLink['platform'];

const dot = (cx: number, cy: number, r = 1.25) => <circle cx={cx} cy={cy} r={r} fill="currentColor" stroke="none" />;

/**
 * Simple line glyphs (24 × 24, stroke = currentColor) for every core SOCIAL_PLATFORMS entry, drawn
 * inline: no icon font, no download. The Record type fails to compile when a platform is added.
 */
export const SOCIAL_PLATFORM_INFO: Record<SocialPlatform, { label: string; glyph: ReactNode }> = {
  instagram: {
    label: 'Instagram',
    glyph: (
      <>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4.2" />
        {dot(17.3, 6.7)}
      </>
    ),
  },
  tiktok: {
    label: 'TikTok',
    glyph: <path d="M14 3.5v11a3.75 3.75 0 1 1-3.75-3.75M14 3.5c.4 2.6 2.5 4.6 5.2 4.9" />,
  },
  youtube: {
    label: 'YouTube',
    glyph: (
      <>
        <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
        <path d="M10.2 9.3v5.4l4.6-2.7z" fill="currentColor" />
      </>
    ),
  },
  x: {
    label: 'X',
    glyph: <path d="M4.5 4h4l11 16h-4zM19.5 4l-6.3 7.2M10.8 12.8 4.5 20" />,
  },
  facebook: {
    label: 'Facebook',
    glyph: <path d="M17 3h-2.6A4.4 4.4 0 0 0 10 7.4V10H7v3.6h3V21h3.6v-7.4h2.9l.5-3.6h-3.4V7.7c0-.5.4-1 1-1H17z" />,
  },
  linkedin: {
    label: 'LinkedIn',
    glyph: (
      <>
        <rect x="3" y="3" width="18" height="18" rx="3" />
        <path d="M7.5 10.5V17M11.5 17v-6.5M11.5 13.3c0-1.6 1.2-2.8 2.7-2.8s2.3 1.1 2.3 2.8V17" />
        {dot(7.5, 7.4, 1.15)}
      </>
    ),
  },
  threads: {
    label: 'Threads',
    glyph: (
      <>
        <circle cx="12" cy="12" r="3.6" />
        <path d="M15.6 9v4.2a2.6 2.6 0 0 0 5.2 0V12A8.8 8.8 0 1 0 17 19.3" />
      </>
    ),
  },
  pinterest: {
    label: 'Pinterest',
    glyph: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M10.8 21 12.6 13M9.4 14.6a3.4 3.4 0 0 1-.6-2c0-2.4 1.8-4.1 4-4.1 2 0 3.4 1.3 3.4 3.2 0 2.3-1.2 4-2.8 4-1 0-1.7-.7-1.5-1.6" />
      </>
    ),
  },
  spotify: {
    label: 'Spotify',
    glyph: (
      <>
        <circle cx="12" cy="12" r="9.5" />
        <path d="M7 9.6c3.4-1 7.2-.7 10.2 1M7.6 12.9c2.8-.8 5.8-.5 8.2.9M8.2 16c2.2-.6 4.4-.4 6.2.6" />
      </>
    ),
  },
  twitch: {
    label: 'Twitch',
    glyph: <path d="M4.5 3h16v11l-4.5 4.5h-4L8.5 22v-3.5h-4zM11 7.5v4.5M15.5 7.5v4.5" />,
  },
  discord: {
    label: 'Discord',
    glyph: (
      <>
        <path d="M8.7 17.6c-2.3-.4-4.3-1.3-5.4-2.3.2-3.9 1.2-7.1 2.9-9.3A13 13 0 0 1 10 4.8l.5 1.2a11.6 11.6 0 0 1 3 0l.5-1.2c1.4.2 2.7.6 3.8 1.2 1.7 2.2 2.7 5.4 2.9 9.3-1.1 1-3.1 1.9-5.4 2.3l-1-1.7" />
        <path d="M7.6 14.6c2.9 1.3 5.9 1.3 8.8 0" />
        {dot(9.3, 11.5, 1.3)}
        {dot(14.7, 11.5, 1.3)}
      </>
    ),
  },
  github: {
    label: 'GitHub',
    glyph: (
      <path d="M9 19.5c-4 1.3-4-2-5.6-2.5M15 21.5v-3.6c0-1 .1-1.5-.5-2.1 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 0 0-1.3-3.2 4.3 4.3 0 0 0-.1-3.2s-1-.3-3.4 1.3a11.6 11.6 0 0 0-6.2 0C6.6 3.1 5.6 3.4 5.6 3.4a4.3 4.3 0 0 0-.1 3.2A4.6 4.6 0 0 0 4.2 9.8c0 4.6 2.7 5.7 5.5 6-.6.6-.6 1.2-.5 2.1v3.6" />
    ),
  },
  website: {
    label: 'Website',
    glyph: (
      <>
        <circle cx="12" cy="12" r="9.5" />
        <path d="M2.5 12h19M12 2.5c2.5 2.6 3.8 5.8 3.8 9.5S14.5 18.9 12 21.5C9.5 18.9 8.2 15.7 8.2 12S9.5 5.1 12 2.5z" />
      </>
    ),
  },
  email: {
    label: 'Email',
    glyph: (
      <>
        <rect x="2.5" y="4.5" width="19" height="15" rx="2.5" />
        <path d="m3.5 6.5 7.3 5.6a2 2 0 0 0 2.4 0l7.3-5.6" />
      </>
    ),
  },
};

export function SocialIcon({ platform }: { platform: SocialPlatform }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {SOCIAL_PLATFORM_INFO[platform]?.glyph ?? SOCIAL_PLATFORM_INFO.website.glyph}
    </svg>
  );
}

import type { SocialLink } from '@shopfront/core';
import { iconId } from './icon-ids.ts';
import './social-icons.css';

type SocialPlatform = SocialLink['platform'];

/**
 * The label of every core SOCIAL_PLATFORMS entry (the Record type fails to compile when a platform is
 * added). The glyphs themselves live in the icon sprite (icon-sprite.svg): no icon font, no download,
 * and no path data in the storefront's JavaScript.
 */
export const SOCIAL_PLATFORM_INFO: Record<SocialPlatform, { label: string }> = {
  instagram: { label: 'Instagram' },
  tiktok: { label: 'TikTok' },
  youtube: { label: 'YouTube' },
  x: { label: 'X' },
  facebook: { label: 'Facebook' },
  linkedin: { label: 'LinkedIn' },
  threads: { label: 'Threads' },
  pinterest: { label: 'Pinterest' },
  spotify: { label: 'Spotify' },
  twitch: { label: 'Twitch' },
  discord: { label: 'Discord' },
  github: { label: 'GitHub' },
  website: { label: 'Website' },
  email: { label: 'Email' },
};

/**
 * A platform's glyph in currentColor (24 × 24 by default; size it with CSS), from the icon sprite
 * (a page without it loads it: `useIconSprite`). Decorative: name the link around it. A platform
 * this build does not know gets the website glyph.
 */
export function SocialIcon({ platform, className }: { platform: SocialPlatform; className?: string }) {
  const glyph = Object.hasOwn(SOCIAL_PLATFORM_INFO, platform) ? platform : 'website';
  return (
    <svg className={className ? `social-icon ${className}` : 'social-icon'} data-platform={platform} aria-hidden="true">
      <use href={`#${iconId(glyph)}`} />
    </svg>
  );
}

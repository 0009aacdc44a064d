import type { SocialLink } from '@shopfront/core';
import './social-icons.css';

type SocialPlatform = SocialLink['platform'];

/**
 * The label of every core SOCIAL_PLATFORMS entry (the Record type fails to compile when a platform is
 * added). The glyphs themselves live in social-icons.css, as CSS masks: no icon font, no download,
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

/** A platform's glyph in currentColor (24 × 24 by default; size it with CSS). Decorative: name the link around it. */
export function SocialIcon({ platform, className }: { platform: SocialPlatform; className?: string }) {
  return <span className={className ? `social-icon ${className}` : 'social-icon'} data-platform={platform} aria-hidden="true" />;
}

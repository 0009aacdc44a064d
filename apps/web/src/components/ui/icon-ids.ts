import type { SocialLink } from '@shopfront/core';

/** Every glyph of the storefront's icon sprite (icon-sprite.svg): each social platform and a few interface arrows. */
export type IconName = SocialLink['platform'] | 'arrow-left' | 'arrow-right' | 'external' | 'download';

/** The sprite's element id: one per document. */
export const ICON_SPRITE_ID = 'sf-icons';
export const iconId = (name: IconName) => `sf-i-${name}`;

import type { Theme, ThemeColorKey } from '@shopfront/core';
import type { ComponentType } from 'react';

/** The seven spec §3 theme colours, every one set (a theme's defaults). */
export type ThemePalette = Record<ThemeColorKey, string>;

/** Text and surface colours for one kind of background. */
export interface ThemeInk {
  text: string;
  muted: string;
  /** Cards (products) and quiet fills drawn on this background. */
  surface: string;
  surfaceBorder: string;
}

/**
 * One storefront theme: a folder `themes/<id>/` whose index.ts exports this, plus its CSS (scoped
 * to `.sf-root[data-theme='<id>']`). Register it in registry.ts; the id must be in core's THEMES.
 */
export interface ThemeDefinition {
  id: Theme;
  label: string;
  /** One line for the theme picker. */
  description: string;
  defaults: ThemePalette;
  /** System font stacks only: the storefront downloads no web fonts. */
  fonts: { heading: string; body: string };
  /**
   * Ink for light and for dark backgrounds. The page and the header pick one by the luminance of
   * their (possibly overridden) colour, so a creator's dark background keeps readable text.
   */
  ink: { onLight: ThemeInk; onDark: ThemeInk };
  /** Decorative layer behind the content (aria-hidden), if the theme has one. */
  Backdrop?: ComponentType;
}

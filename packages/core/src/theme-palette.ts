import type { Theme } from './constants.ts';
import { isDark, mixHex } from './color-contrast.ts';

/**
 * Each storefront theme's colours, fonts and ink (spec §3), zod-free so that server-rendered
 * buyer pages (the test checkout page, the order access page) wear the same theme as the
 * storefront. The web storefront's theme definitions (apps/web/src/components/themes/<id>/)
 * read their colours, fonts and ink from here: one copy of each value.
 */
export type ThemePaletteKey =
  | 'buttonColor'
  | 'buttonTextColor'
  | 'backgroundStartColor'
  | 'backgroundEndColor'
  | 'headerBackgroundColor'
  | 'titleTextColor'
  | 'socialIconsColor';

export type ThemePaletteColors = Record<ThemePaletteKey, string>;

/** Text and surface colours for one kind of background. */
export interface ThemePaletteInk {
  text: string;
  muted: string;
  surface: string;
  surfaceBorder: string;
}

export interface ThemePaletteDefinition {
  id: Theme;
  defaults: ThemePaletteColors;
  /** System font stacks only. */
  fonts: { heading: string; body: string };
  ink: { onLight: ThemePaletteInk; onDark: ThemePaletteInk };
}

const SYSTEM_SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const THEME_PALETTES: Readonly<Record<Theme, ThemePaletteDefinition>> = /* @__PURE__ */ Object.freeze({
  'mocha-mood': {
    id: 'mocha-mood',
    defaults: {
      buttonColor: '#6f4e37',
      buttonTextColor: '#fffaf3',
      backgroundStartColor: '#f8eee2',
      backgroundEndColor: '#e7cfb3',
      headerBackgroundColor: '#fffaf4',
      titleTextColor: '#4a2f1f',
      socialIconsColor: '#8b5a3c',
    },
    fonts: {
      heading: '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, "Noto Serif", serif',
      body: SYSTEM_SANS,
    },
    ink: {
      onLight: { text: '#3b2619', muted: '#6b4e3d', surface: 'rgba(255, 251, 246, 0.86)', surfaceBorder: 'rgba(107, 78, 61, 0.16)' },
      onDark: { text: '#fbf3ea', muted: '#e6d2bf', surface: 'rgba(255, 255, 255, 0.09)', surfaceBorder: 'rgba(255, 255, 255, 0.16)' },
    },
  },
  'neon-pulse': {
    id: 'neon-pulse',
    defaults: {
      buttonColor: '#ff2bd6',
      buttonTextColor: '#14021f',
      backgroundStartColor: '#170b3f',
      backgroundEndColor: '#02030c',
      headerBackgroundColor: '#0d0a26',
      titleTextColor: '#4df3ff',
      socialIconsColor: '#4df3ff',
    },
    fonts: {
      heading:
        '"Avenir Next Condensed", "Arial Narrow", "Liberation Sans Narrow", "Roboto Condensed", sans-serif-condensed, "Helvetica Neue", Impact, sans-serif',
      body: SYSTEM_SANS,
    },
    ink: {
      onLight: { text: '#160a33', muted: '#4a3f6e', surface: 'rgba(255, 255, 255, 0.74)', surfaceBorder: 'rgba(22, 10, 51, 0.16)' },
      onDark: { text: '#eeeaff', muted: '#b7afe0', surface: 'rgba(13, 10, 38, 0.78)', surfaceBorder: 'rgba(150, 125, 255, 0.28)' },
    },
  },
});

const PALETTE_KEYS = /* @__PURE__ */ Object.keys(THEME_PALETTES['mocha-mood'].defaults) as ThemePaletteKey[];

/** An unknown id (an old row, a removed theme) falls back to the default theme. */
export function themePaletteOf(themeId: string): ThemePaletteDefinition {
  return (THEME_PALETTES as Record<string, ThemePaletteDefinition>)[themeId] ?? THEME_PALETTES['mocha-mood'];
}

export interface ResolvedThemePalette {
  theme: ThemePaletteDefinition;
  colors: ThemePaletteColors;
  /** Ink for the page's gradient and for the header colour, picked by their luminance. */
  pageInk: ThemePaletteInk;
  headerInk: ThemePaletteInk;
}

/** The theme's defaults with the creator's valid colour overrides on top, and the ink that reads on them. */
export function resolveThemePalette(themeId: string, overrides?: Partial<Record<ThemePaletteKey, string | undefined>>): ResolvedThemePalette {
  const theme = themePaletteOf(themeId);
  const colors = { ...theme.defaults };
  for (const key of PALETTE_KEYS) {
    const value = overrides?.[key];
    // Only `#rrggbb` (SECURITY "Content"): the value goes into stylesheets as is.
    if (value && /^#[0-9a-f]{6}$/i.test(value)) colors[key] = value.toLowerCase();
  }
  const pageInk = isDark(mixHex(colors.backgroundStartColor, colors.backgroundEndColor)) ? theme.ink.onDark : theme.ink.onLight;
  const headerInk = isDark(colors.headerBackgroundColor) ? theme.ink.onDark : theme.ink.onLight;
  return { theme, colors, pageInk, headerInk };
}

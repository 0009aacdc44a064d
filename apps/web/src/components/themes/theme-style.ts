import type { Theme, ThemeColorKey, ThemeColors } from '@shopfront/core';
import type { CSSProperties } from 'react';
import { isDark, mixHex, parseHex } from './color.ts';
import { getTheme } from './registry.ts';
import type { ThemeDefinition, ThemeInk, ThemePalette } from './types.ts';

/** The custom property each spec §3 colour is exposed as; theme CSS reads only these. */
export const COLOR_VARIABLES = {
  buttonColor: '--sf-button',
  buttonTextColor: '--sf-button-text',
  backgroundStartColor: '--sf-bg-start',
  backgroundEndColor: '--sf-bg-end',
  headerBackgroundColor: '--sf-header-bg',
  titleTextColor: '--sf-title',
  socialIconsColor: '--sf-social',
} as const satisfies Record<ThemeColorKey, `--sf-${string}`>;

const COLOR_KEYS = Object.keys(COLOR_VARIABLES) as ThemeColorKey[];

/** The theme's defaults with the creator's valid `themeOverrides.colors` on top. */
export function resolvePalette(theme: ThemeDefinition, overrides: ThemeColors | undefined): ThemePalette {
  const palette = { ...theme.defaults };
  for (const key of COLOR_KEYS) {
    const value = overrides?.[key];
    if (value && parseHex(value)) palette[key] = value.toLowerCase();
  }
  return palette;
}

function inkVariables(prefix: string, ink: ThemeInk): Record<string, string> {
  return {
    [`--sf-${prefix}text`]: ink.text,
    [`--sf-${prefix}muted`]: ink.muted,
    [`--sf-${prefix}surface`]: ink.surface,
    [`--sf-${prefix}surface-border`]: ink.surfaceBorder,
  };
}

export interface ThemeStyle {
  theme: ThemeDefinition;
  palette: ThemePalette;
  /** For the root element's `style`: every colour and font as a custom property. */
  style: CSSProperties;
}

/**
 * Everything a storefront root needs to wear a theme. The page ink follows the gradient's middle
 * and the header ink follows the header colour, so overrides never leave text unreadable.
 */
export function themeStyle(themeId: Theme | string, overrides?: ThemeColors): ThemeStyle {
  const theme = getTheme(themeId);
  const palette = resolvePalette(theme, overrides);
  const pageInk = isDark(mixHex(palette.backgroundStartColor, palette.backgroundEndColor)) ? theme.ink.onDark : theme.ink.onLight;
  const headerInk = isDark(palette.headerBackgroundColor) ? theme.ink.onDark : theme.ink.onLight;
  const variables: Record<string, string> = {
    ...Object.fromEntries(COLOR_KEYS.map((key) => [COLOR_VARIABLES[key], palette[key]])),
    ...inkVariables('', pageInk),
    ...inkVariables('header-', headerInk),
    '--sf-font-heading': theme.fonts.heading,
    '--sf-font-body': theme.fonts.body,
  };
  return { theme, palette, style: variables as CSSProperties };
}

export type { ThemeDefinition, ThemeInk, ThemePalette } from './types.ts';
export { THEME_REGISTRY, THEME_LIST, getTheme } from './registry.ts';
export { DEFAULT_THEME_ID } from './theme-ids.ts';
export { COLOR_VARIABLES, resolvePalette, themeStyle, type ThemeStyle } from './theme-style.ts';
export { contrastRatio, isDark, relativeLuminance, WCAG_AA } from './color.ts';

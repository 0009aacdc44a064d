import { DEFAULT_THEME, THEME_COLOR_KEYS, THEMES } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, isDark, WCAG_AA } from './color.ts';
import { getTheme, THEME_LIST, THEME_REGISTRY } from './registry.ts';
import { DEFAULT_THEME_ID } from './theme-ids.ts';
import { resolvePalette, themeStyle } from './theme-style.ts';

describe('theme registry', () => {
  it('registers exactly the themes core accepts, with the same default', () => {
    expect(Object.keys(THEME_REGISTRY).sort()).toEqual([...THEMES].sort());
    expect(DEFAULT_THEME_ID).toBe(DEFAULT_THEME);
    for (const theme of THEME_LIST) expect(Object.keys(theme.defaults).sort()).toEqual([...THEME_COLOR_KEYS].sort());
  });

  it('falls back to the default theme for an unknown id', () => {
    expect(getTheme('vaporwave').id).toBe(DEFAULT_THEME);
    expect(getTheme('neon-pulse').id).toBe('neon-pulse');
  });

  it.each(THEME_LIST.map((theme) => [theme.id, theme] as const))('%s defaults meet WCAG AA', (_id, theme) => {
    const { defaults, ink } = theme;
    expect(contrastRatio(defaults.buttonColor, defaults.buttonTextColor)).toBeGreaterThanOrEqual(WCAG_AA.text);
    expect(contrastRatio(defaults.titleTextColor, defaults.headerBackgroundColor)).toBeGreaterThanOrEqual(WCAG_AA.text);
    expect(contrastRatio(defaults.socialIconsColor, defaults.headerBackgroundColor)).toBeGreaterThanOrEqual(WCAG_AA.largeText);
    const headerInk = isDark(defaults.headerBackgroundColor) ? ink.onDark : ink.onLight;
    expect(contrastRatio(headerInk.muted, defaults.headerBackgroundColor)).toBeGreaterThanOrEqual(WCAG_AA.text);
    for (const background of [defaults.backgroundStartColor, defaults.backgroundEndColor]) {
      const pageInk = isDark(background) ? ink.onDark : ink.onLight;
      expect(contrastRatio(pageInk.text, background)).toBeGreaterThanOrEqual(WCAG_AA.text);
    }
  });
});

describe('theme colours', () => {
  it('keeps valid overrides and ignores anything that is not #rrggbb', () => {
    const palette = resolvePalette(getTheme('mocha-mood'), { buttonColor: '#ABCDEF', titleTextColor: 'red' as `#${string}` });
    expect(palette.buttonColor).toBe('#abcdef');
    expect(palette.titleTextColor).toBe(getTheme('mocha-mood').defaults.titleTextColor);
  });

  it('exposes all seven spec colours as custom properties', () => {
    const { style } = themeStyle('neon-pulse', {});
    const variables = Object.keys(style);
    expect(variables).toEqual(expect.arrayContaining(['--sf-button', '--sf-button-text', '--sf-bg-start', '--sf-bg-end', '--sf-header-bg', '--sf-title', '--sf-social']));
  });

  it('computes WCAG contrast like the spec examples', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(isDark('#0d0a26')).toBe(true);
    expect(isDark('#fffaf4')).toBe(false);
  });
});

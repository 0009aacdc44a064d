import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn, WCAG_AA } from './color-contrast.ts';
import { THEMES } from './constants.ts';
import { resolveThemePalette, THEME_PALETTES } from './theme-palette.ts';

describe('THEME_PALETTES', () => {
  it('has a palette for every theme', () => {
    expect(Object.keys(THEME_PALETTES).sort()).toEqual([...THEMES].sort());
  });

  it.each(THEMES)('%s: ink reads on its own header colour and the button text on the button (AA)', (id) => {
    const { colors, headerInk } = resolveThemePalette(id);
    expect(contrastRatio(headerInk.text, colors.headerBackgroundColor)).toBeGreaterThanOrEqual(WCAG_AA.text);
    expect(contrastRatio(headerInk.muted, colors.headerBackgroundColor)).toBeGreaterThanOrEqual(WCAG_AA.text);
    expect(contrastRatio(colors.buttonTextColor, colors.buttonColor)).toBeGreaterThanOrEqual(WCAG_AA.text);
  });
});

describe('resolveThemePalette', () => {
  it('puts valid overrides on top, ignores invalid ones, and picks ink by luminance', () => {
    const resolved = resolveThemePalette('mocha-mood', { buttonColor: '#ABCDEF', titleTextColor: 'red', socialIconsColor: 'abcdef', headerBackgroundColor: '#101010' });
    expect(resolved.colors.buttonColor).toBe('#abcdef');
    expect(resolved.colors.titleTextColor).toBe(THEME_PALETTES['mocha-mood'].defaults.titleTextColor);
    expect(resolved.colors.socialIconsColor).toBe(THEME_PALETTES['mocha-mood'].defaults.socialIconsColor);
    expect(resolved.headerInk).toBe(THEME_PALETTES['mocha-mood'].ink.onDark);
  });
  it('falls back to the default theme for an unknown id', () => {
    expect(resolveThemePalette('gone-theme').theme.id).toBe('mocha-mood');
  });
});

describe('readableOn', () => {
  it('keeps a readable colour and swaps an unreadable one for black or white', () => {
    expect(readableOn('#ffffff', '#3b2619')).toBe('#3b2619');
    expect(readableOn('#ffffff', '#dddddd')).toBe('#000000');
    expect(readableOn('#101010', '#202020')).toBe('#ffffff');
    for (const background of ['#777777', '#808080', '#5a5a5a', '#ff0000', '#0000ff']) {
      expect(contrastRatio(readableOn(background, '#777777'), background)).toBeGreaterThanOrEqual(WCAG_AA.text);
    }
  });
});

import { contrastRatio, THEMES, WCAG_AA } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { buyerPageStyle } from './buyer-page-style.ts';

function variables(css: string): Record<string, string> {
  const root = /:root\{([^}]*)\}/.exec(css)?.[1] ?? '';
  return Object.fromEntries(root.split(';').map((pair) => pair.split(':') as [string, string]));
}

/** Text and what it sits on, for every colour pair the buyer pages draw. */
const PAIRS = [
  ['--text', '--card'],
  ['--muted', '--card'],
  ['--title', '--card'],
  ['--link', '--card'],
  ['--error', '--card'],
  ['--input-text', '--input-bg'],
  ['--error-input', '--input-bg'],
  ['--button-text', '--button'],
] as const;

describe('buyerPageStyle', () => {
  const cases = [
    ...THEMES.map((theme) => ({ theme, themeOverrides: {} })),
    // Creator colours that would be unreadable as chosen: mid grey everywhere, a pale button.
    { theme: 'mocha-mood', themeOverrides: { colors: { headerBackgroundColor: '#777777', buttonColor: '#eeeeee', buttonTextColor: '#ffffff', titleTextColor: '#888888' } } },
    { theme: 'neon-pulse', themeOverrides: { colors: { headerBackgroundColor: '#5a5a5a', buttonColor: '#0000ff', buttonTextColor: '#000033' } } },
    { theme: 'neon-pulse', themeOverrides: { colors: { headerBackgroundColor: '#ffffff' } } },
  ];

  it.each(cases)('keeps every text at WCAG AA (4.5:1) on what it sits on: %j', (store) => {
    const vars = variables(buyerPageStyle(store));
    for (const [text, background] of PAIRS) {
      expect(contrastRatio(vars[text]!, vars[background]!), `${text} on ${background}`).toBeGreaterThanOrEqual(WCAG_AA.text);
    }
    expect(contrastRatio(vars['--input-border']!, vars['--input-bg']!)).toBeGreaterThanOrEqual(WCAG_AA.largeText);
  });

  it('uses the theme defaults, the creator colours, and the default theme with no store', () => {
    expect(variables(buyerPageStyle({ theme: 'neon-pulse', themeOverrides: {} }))['--bg-start']).toBe('#170b3f');
    expect(variables(buyerPageStyle({ theme: 'neon-pulse', themeOverrides: { colors: { backgroundStartColor: '#123456' } } }))['--bg-start']).toBe('#123456');
    expect(variables(buyerPageStyle(null))['--card']).toBe('#fffaf4');
  });

  it('never lets a stored colour that is not #rrggbb into the stylesheet', () => {
    const css = buyerPageStyle({ theme: 'mocha-mood', themeOverrides: { colors: { buttonColor: 'red;}body{display:none' } } });
    expect(css).not.toContain('display:none');
    expect(variables(css)['--button']).toBe('#6f4e37');
  });

  it('makes buttons and links at least 44 px tall', () => {
    const css = buyerPageStyle(null);
    expect(css).toMatch(/\.button,button\{[^}]*min-height:48px/);
    expect(css).toMatch(/\.text-link\{[^}]*min-height:44px/);
  });
});

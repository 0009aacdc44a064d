import { describe, expect, it } from 'vitest';
import { getTheme } from '#src/components/themes/index.ts';
import { contrastRatio, contrastWarnings, formatRatio, normaliseHex } from './contrast.ts';

describe('contrastRatio', () => {
  it('is 21 for black on white, either way round, and 1 for a colour on itself', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#6f4e37', '#6F4E37')).toBeCloseTo(1, 5);
  });

  it('puts #777 on white just under AA and #767676 just over', () => {
    expect(contrastRatio('#777', '#fff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#fff')).toBeCloseTo(4.54, 2);
  });

  it('answers null for something that is not a colour', () => {
    expect(contrastRatio('#12', '#fff')).toBeNull();
    expect(contrastRatio('red', '#fff')).toBeNull();
    expect(normaliseHex(' #AbC ')).toBe('#aabbcc');
  });
});

describe('contrastWarnings', () => {
  const mocha = getTheme('mocha-mood').defaults;

  it('has nothing to say about the default themes', () => {
    expect(contrastWarnings(mocha)).toEqual([]);
    expect(contrastWarnings(getTheme('neon-pulse').defaults)).toEqual([]);
  });

  it('warns for button text at 4.48:1 and not at 4.54:1', () => {
    const low = contrastWarnings({ ...mocha, buttonColor: '#ffffff', buttonTextColor: '#777777' });
    expect(low).toEqual([expect.objectContaining({ text: 'buttonTextColor', background: 'buttonColor', label: 'Button text on the button colour' })]);
    expect(formatRatio(low[0]!.ratio)).toBe('4.4:1');
    expect(contrastWarnings({ ...mocha, buttonColor: '#ffffff', buttonTextColor: '#767676' })).toEqual([]);
  });

  it('checks the title against the header and the page background', () => {
    const warnings = contrastWarnings({ ...mocha, titleTextColor: '#eeeeee', headerBackgroundColor: '#ffffff', backgroundStartColor: '#fafafa' });
    expect(warnings.map((warning) => warning.background)).toEqual(['headerBackgroundColor', 'backgroundStartColor']);
  });
});

import type { ThemeColorKey } from '@shopfront/core';
import { contrastRatio as themeContrastRatio, WCAG_AA } from '#src/components/themes/index.ts';

/** `#rgb` or `#rrggbb` (any case) as `#rrggbb`; null for anything else. */
export function normaliseHex(input: string): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(input.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  return `#${digits.toLowerCase()}`;
}

/**
 * WCAG 2.x contrast ratio (1 to 21) of two colours, or null when either is not a colour. The
 * maths is the storefront's (components/themes/color.ts); this adds `#rgb` and input checking.
 */
export function contrastRatio(hexA: string, hexB: string): number | null {
  const a = normaliseHex(hexA);
  const b = normaliseHex(hexB);
  return a && b ? themeContrastRatio(a, b) : null;
}

/** The text/background pairs the builder checks against WCAG AA (4.5:1 for normal text). */
export const CONTRAST_PAIRS = [
  { text: 'buttonTextColor', background: 'buttonColor', label: 'Button text on the button colour' },
  { text: 'titleTextColor', background: 'headerBackgroundColor', label: 'Title text on the header background' },
  { text: 'titleTextColor', background: 'backgroundStartColor', label: 'Title text on the page background' },
] as const satisfies ReadonlyArray<{ text: ThemeColorKey; background: ThemeColorKey; label: string }>;

export interface ContrastWarning {
  text: ThemeColorKey;
  background: ThemeColorKey;
  label: string;
  ratio: number;
}

/** The pairs of a full palette whose contrast is below AA (rounded down, so 4.48 warns and 4.54 does not). */
export function contrastWarnings(palette: Record<ThemeColorKey, string>, minimum: number = WCAG_AA.text): ContrastWarning[] {
  return CONTRAST_PAIRS.flatMap((pair) => {
    const ratio = contrastRatio(palette[pair.text], palette[pair.background]);
    return ratio !== null && ratio < minimum ? [{ ...pair, ratio }] : [];
  });
}

/** "3.2:1" — one decimal, never rounded up past the limit (4.48 shows 4.4, not 4.5). */
export function formatRatio(ratio: number): string {
  return `${Math.floor(ratio * 10) / 10}:1`;
}

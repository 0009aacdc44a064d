import type { ThemeColors } from '@shopfront/core';
import type { CSSProperties } from 'react';

const HEX = /^#([0-9a-f]{6})$/i;

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const value = HEX.exec(hex)?.[1] ?? 'ffffff';
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(value.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Black or white, whichever reads better on `hex`. */
function inkOn(hex: string): string {
  return luminance(hex) > 0.179 ? '#0f172a' : '#ffffff';
}

/**
 * A light touch of the store's own colours (the creator's overrides only; the members pages do not
 * load the theme CSS): the header bar and the avatar's initials. Text colour follows the background.
 */
export function storeColors(colors: ThemeColors | undefined): { header?: CSSProperties; badge?: CSSProperties } {
  const header = colors?.headerBackgroundColor;
  const button = colors?.buttonColor;
  return {
    header: header && HEX.test(header) ? { backgroundColor: header, color: inkOn(header) } : undefined,
    badge: button && HEX.test(button) ? { backgroundColor: button, color: inkOn(button) } : undefined,
  };
}

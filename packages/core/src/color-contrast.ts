/**
 * WCAG 2.x colour maths for `#rrggbb` colours (zod-free, so any bundle and the server's rendered
 * pages can use it): readable ink is picked with it, and contrast is checked against WCAG AA.
 */
export function parseHex(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function relativeLuminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** 1 to 21; AA asks ≥ 4.5 for body text and ≥ 3 for large text and icons. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const WCAG_AA = { text: 4.5, largeText: 3 } as const;

/** The channel-wise average of two colours (a gradient's middle). */
export function mixHex(a: string, b: string): string {
  const x = parseHex(a) ?? [0, 0, 0];
  const y = parseHex(b) ?? [0, 0, 0];
  return `#${x.map((channel, i) => Math.round((channel + y[i]!) / 2).toString(16).padStart(2, '0')).join('')}`;
}

/** Dark enough that light text reads better on it than dark text. */
export function isDark(hex: string): boolean {
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, '#000000');
}

/**
 * `preferred` when it reaches `minimum` against `background`, else black or white, whichever
 * reads better (one of them always reaches 4.5:1 on any colour).
 */
export function readableOn(background: string, preferred: string, minimum: number = WCAG_AA.text): string {
  if (parseHex(preferred) && contrastRatio(preferred, background) >= minimum) return preferred;
  return isDark(background) ? '#ffffff' : '#000000';
}

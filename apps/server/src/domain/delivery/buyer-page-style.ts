import { contrastRatio, isDark, mixHex, readableOn, resolveThemePalette, WCAG_AA, type ThemePaletteKey } from '@shopfront/core';

/** The store columns a buyer page needs to wear the store's theme. */
export interface BuyerPageTheme {
  theme: string;
  themeOverrides: { colors?: Partial<Record<string, string>> } | null | undefined;
}

/** Each theme's own touch, in the spirit of its storefront CSS (rounded and warm; sharp and glowing). */
const FLAIR: Record<string, string> = {
  'mocha-mood': `
.card{border-radius:18px;box-shadow:0 10px 30px rgba(74,47,31,.12)}
.button,button{border-radius:999px}
input{border-radius:12px}`,
  'neon-pulse': `
.card{border-radius:6px;box-shadow:0 0 0 1px var(--card-border),0 0 36px color-mix(in srgb,var(--button) 22%,transparent)}
.button,button{border-radius:6px;box-shadow:0 0 18px color-mix(in srgb,var(--button) 45%,transparent);text-transform:uppercase;letter-spacing:.06em}
h1,h2,.store-name{text-transform:uppercase;letter-spacing:.04em}
input{border-radius:4px}`,
};

/**
 * The stylesheet shared by the server-rendered buyer pages (test checkout, order access): the
 * store's theme colours and fonts as custom properties, and base rules that read only those.
 * Cards sit on the header colour; every text colour is checked against what it sits on and falls
 * back to black or white below WCAG AA (4.5:1), so creator colours never make text unreadable.
 * Buttons and links are at least 44 px tall. `null` (a page with no store) is the default theme.
 */
export function buyerPageStyle(store: BuyerPageTheme | null): string {
  const overrides = (store?.themeOverrides?.colors ?? {}) as Partial<Record<ThemePaletteKey, string>>;
  const { theme, colors, headerInk } = resolveThemePalette(store?.theme ?? '', overrides);
  const card = colors.headerBackgroundColor;
  const dark = isDark(card);
  const text = readableOn(card, headerInk.text);
  const muted = readableOn(card, headerInk.muted);
  const inputBg = dark ? mixHex(card, '#000000') : '#ffffff';
  const inputText = readableOn(inputBg, headerInk.text);
  // Non-text contrast (WCAG 1.4.11): an input's border needs 3:1 against what surrounds it.
  const inputBorder = contrastRatio(muted, inputBg) >= WCAG_AA.largeText ? muted : inputText;
  const buttonText = readableOn(colors.buttonColor, colors.buttonTextColor);
  const variables = {
    '--bg-start': colors.backgroundStartColor,
    '--bg-end': colors.backgroundEndColor,
    '--card': card,
    '--card-border': headerInk.surfaceBorder,
    '--text': text,
    '--muted': muted,
    '--title': readableOn(card, colors.titleTextColor),
    '--input-bg': inputBg,
    '--input-text': inputText,
    '--input-border': inputBorder,
    '--button': colors.buttonColor,
    '--button-text': buttonText,
    // Links are text on the card: the button colour when it reads there, else the text colour.
    '--link': contrastRatio(colors.buttonColor, card) >= WCAG_AA.text ? colors.buttonColor : text,
    '--error': readableOn(card, dark ? '#fca5a5' : '#b42318'),
    '--error-input': readableOn(inputBg, dark ? '#fca5a5' : '#b42318'),
    '--font-body': theme.fonts.body,
    '--font-heading': theme.fonts.heading,
  };
  const root = `:root{${Object.entries(variables)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')};color-scheme:${dark ? 'dark' : 'light'}}`;
  return `${root}
*{box-sizing:border-box}
html{min-height:100%;background-color:var(--bg-end);background-image:linear-gradient(165deg,var(--bg-start),var(--bg-end))}
body{margin:0;font-family:var(--font-body);line-height:1.5;color:var(--text)}
.store-bar{background:var(--card);border-bottom:1px solid var(--card-border);padding:12px 16px;text-align:center}
.store-name{margin:0;font-family:var(--font-heading);font-weight:700;font-size:1.1rem;color:var(--title)}
.card{background:var(--card);color:var(--text);border:1px solid var(--card-border);padding:20px}
.card>:first-child{margin-top:0}.card>:last-child{margin-bottom:0}
h1,h2{font-family:var(--font-heading);color:var(--text)}
a{color:var(--link)}
.button,button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:12px 20px;border:0;background:var(--button);color:var(--button-text);font:inherit;font-weight:700;text-decoration:none;text-align:center;cursor:pointer}
.button:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--text);outline-offset:2px}
.secondary{background:transparent;color:var(--text);border:2px solid var(--text);box-shadow:none}
.text-link{display:inline-flex;align-items:center;min-height:44px}
${FLAIR[theme.id] ?? ''}`;
}

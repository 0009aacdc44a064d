/**
 * The storefront's colour maths is core's (`@shopfront/core/color-contrast`, zod-free, shared with
 * the server-rendered buyer pages): the storefront picks readable ink with it and the store
 * builder warns about low contrast with it (WCAG AA).
 */
export { contrastRatio, isDark, mixHex, parseHex, relativeLuminance, WCAG_AA } from '@shopfront/core/color-contrast';

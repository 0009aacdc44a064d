import { describe, expect, it } from 'vitest';
import { PRODUCT_LIMITS } from '../schemas/product.ts';
import { PRODUCT_SLUG_FALLBACK, productSlugFromTitle } from './product-slug.ts';

const max = PRODUCT_LIMITS.slugMax;

describe('productSlugFromTitle', () => {
  it.each([
    ['Café Zine #2!', 'cafe-zine-2'],
    ['Mug Care Guide', 'mug-care-guide'],
    ['  --Hello   World--  ', 'hello-world'],
    ['Crème brûlée, naïve façade', 'creme-brulee-naive-facade'],
    ['Ångström Øre', 'angstrom-re'],
    ['ｆｕｌｌ ｗｉｄｔｈ', 'full-width'],
    ['Presets 🎉 Pack', 'presets-pack'],
    ['UPPER_case.Title', 'upper-case-title'],
    ['ab', 'ab'],
  ])('%j → %s', (title, slug) => {
    expect(productSlugFromTitle(title)).toBe(slug);
  });

  it.each([[''], ['   '], ['!!!'], ['🎉🎉'], ['東京'], ['é'], ['a']])('%j (fewer than %s usable characters) falls back', (title) => {
    expect(productSlugFromTitle(title)).toBe(PRODUCT_SLUG_FALLBACK);
    expect(productSlugFromTitle(title, '')).toBe('');
  });

  it.each([
    ['max − 1', 'a'.repeat(max - 1), 'a'.repeat(max - 1)],
    ['max', 'a'.repeat(max), 'a'.repeat(max)],
    ['max + 1', 'a'.repeat(max + 1), 'a'.repeat(max)],
    ['a cut at a hyphen', `${'a'.repeat(max - 1)} b`, 'a'.repeat(max - 1)],
    ['accents do not count', `${'é'.repeat(max)}x`, 'e'.repeat(max)],
  ])('%s: at most slugMax characters, never ending in a hyphen', (_case, title, slug) => {
    expect(productSlugFromTitle(title)).toBe(slug);
  });
});

import { describe, expect, it } from 'vitest';
import { detectSlugCategory } from './slug-categories.ts';
import {
  basicSlugSuggestions,
  FALLBACK_SLUG_BASE,
  slugPopularity,
  smartSlugSuggestions,
  type SlugSuggestion,
} from './slug-suggestions.ts';
import { validateSlug } from './slug.ts';

const takenSet = (...slugs: string[]) => {
  const set = new Set(slugs);
  return (slug: string) => set.has(slug);
};
const none = takenSet();
const slugs = (list: SlugSuggestion[]) => list.map((s) => s.slug);

describe('basicSlugSuggestions (spec §5: max 5, bare, -1 to -5, then suffixes)', () => {
  it('starts with the bare slug when it is free', () => {
    expect(basicSlugSuggestions('Cool Shop', none)).toEqual([
      { slug: 'cool-shop', type: 'exact', confidence: 1 },
      { slug: 'cool-shop-1', type: 'numbered', confidence: 0.6 },
      { slug: 'cool-shop-2', type: 'numbered', confidence: 0.55 },
      { slug: 'cool-shop-3', type: 'numbered', confidence: 0.5 },
      { slug: 'cool-shop-4', type: 'numbered', confidence: 0.45 },
    ]);
  });

  it('skips taken ones and moves on to the suffixes', () => {
    const isTaken = takenSet('cool', 'cool-1', 'cool-2', 'cool-3', 'cool-4', 'cool-5', 'cool-shop');
    expect(slugs(basicSlugSuggestions('cool', isTaken))).toEqual(['cool-store', 'cool-co', 'cool-official', 'cool-hq']);
  });

  it('skips a reserved bare slug and gives reserved words a safe suffix', () => {
    expect(slugs(basicSlugSuggestions('admin', none))).toEqual(['admin-1', 'admin-2', 'admin-3', 'admin-4', 'admin-5']);
  });

  it('never suggests a slug that is too long', () => {
    const long = 'x'.repeat(50);
    const result = basicSlugSuggestions(long, takenSet(long));
    expect(slugs(result)[0]).toBe(`${'x'.repeat(48)}-1`);
    for (const s of result) expect(s.slug.length).toBeLessThanOrEqual(50);
  });

  it('falls back to a readable base when the name has no URL-safe letters', () => {
    expect(slugs(basicSlugSuggestions('Магазин', none))[0]).toBe(FALLBACK_SLUG_BASE);
  });

  it('returns nothing when every candidate is taken', () => {
    expect(basicSlugSuggestions('ab', () => true)).toEqual([]);
  });
});

describe('smartSlugSuggestions (spec §5: max 8, category sets, year)', () => {
  const year = 2026;

  it('mixes exact, category, year and numbered, best first', () => {
    const result = smartSlugSuggestions({ name: 'Math Academy', isTaken: none, year, category: 'education' });
    expect(result).toEqual([
      { slug: 'math-academy', type: 'exact', confidence: 1 },
      { slug: 'math-academy-learn', type: 'category', confidence: 0.9 },
      { slug: 'math-academy-courses', type: 'category', confidence: 0.85 },
      { slug: 'math-academy-school', type: 'category', confidence: 0.8 },
      { slug: 'math-academy-institute', type: 'category', confidence: 0.75 },
      { slug: 'math-academy-2026', type: 'year', confidence: 0.7 },
      { slug: 'math-academy-1', type: 'numbered', confidence: 0.6 },
      { slug: 'math-academy-2', type: 'numbered', confidence: 0.55 },
    ]);
  });

  it('detects the category from the name or description', () => {
    const fromName = smartSlugSuggestions({ name: 'Pixel Studio', isTaken: none, year });
    expect(slugs(fromName).slice(1, 3)).toEqual(['pixel-studio-creative', 'pixel-studio-designs']);
    const fromDescription = smartSlugSuggestions({ name: 'Ada', isTaken: none, year, description: 'Software and cloud tutorials' });
    expect(slugs(fromDescription).slice(1, 3)).toEqual(['ada-tech', 'ada-labs']);
  });

  it('uses the generic suffixes when no category is known', () => {
    const result = smartSlugSuggestions({ name: 'Zed', isTaken: none, year, category: 'not-a-category' });
    expect(result.map((s) => [s.slug, s.confidence])).toEqual([
      ['zed', 1],
      ['zed-store', 0.8],
      ['zed-shop', 0.75],
      ['zed-co', 0.7],
      ['zed-2026', 0.7],
      ['zed-official', 0.65],
      ['zed-1', 0.6],
      ['zed-2', 0.55],
    ]);
  });

  it('fills with numbered ones when the rest is taken, never more than 8', () => {
    const isTaken = takenSet('tea', 'tea-shop', 'tea-store', 'tea-market', 'tea-goods', 'tea-boutique', 'tea-supply', 'tea-outlet', 'tea-mart', 'tea-2026', 'tea-1');
    const result = smartSlugSuggestions({ name: 'tea', isTaken, year, category: 'ecommerce' });
    expect(slugs(result)).toEqual(['tea-2', 'tea-3', 'tea-4', 'tea-5', 'tea-6', 'tea-7', 'tea-8', 'tea-9']);
  });

  it('does not repeat a suffix the name already ends with', () => {
    const result = smartSlugSuggestions({ name: 'Cool Shop', isTaken: none, year, category: 'ecommerce' });
    expect(slugs(result)).not.toContain('cool-shop-shop');
    expect(slugs(result)[1]).toBe('cool-shop-store');
  });

  it.each([
    ['a', 'education'],
    ['admin', 'tech'],
    ['x'.repeat(60), 'service'],
    ['Café Crème', 'creative'],
    ['Магазин', 'ecommerce'],
    ['store', undefined],
  ])('every suggestion for %j passes validateSlug and is within the limit', (name, category) => {
    const result = smartSlugSuggestions({ name, isTaken: none, year, category });
    expect(result.length).toBeGreaterThan(0);
    expect(result.length).toBeLessThanOrEqual(8);
    expect(new Set(slugs(result)).size).toBe(result.length);
    for (const s of result) {
      expect(validateSlug(s.slug), s.slug).toEqual({ valid: true, slug: s.slug });
      expect(s.confidence).toBeGreaterThan(0);
      expect(s.confidence).toBeLessThanOrEqual(1);
    }
  });
});

describe('slugPopularity (spec §5: high over 5 variants taken, medium over 2)', () => {
  const variants = ['pop', 'pop-1', 'pop-2', 'pop-3', 'pop-4', 'pop-5', 'pop-store'];
  it.each([
    [0, 'low'],
    [2, 'low'],
    [3, 'medium'],
    [5, 'medium'],
    [6, 'high'],
    [7, 'high'],
  ])('%i taken variants → %s', (count, popularity) => {
    expect(slugPopularity('pop', takenSet(...variants.slice(0, count)))).toBe(popularity);
  });

  it('ignores taken slugs that are not variants of the name', () => {
    expect(slugPopularity('pop', takenSet('other', 'pop-99', 'pop-music', 'popcorn'))).toBe('low');
  });
});

describe('detectSlugCategory', () => {
  it.each([
    ['Yoga Academy', 'education'],
    ['Vintage Boutique', 'ecommerce'],
    ['Acme Consulting', 'service'],
    ['Lens Photography', 'creative'],
    ['Cloud Dev Labs', 'tech'],
    ['Jane Doe', null],
    ['', null],
  ])('%j → %s', (text, category) => {
    expect(detectSlugCategory(text)).toBe(category);
  });
});

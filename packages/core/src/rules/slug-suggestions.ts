import { isSlugCategory, CATEGORY_SUFFIXES, detectSlugCategory, type SlugCategory } from './slug-categories.ts';
import { deriveSlug, trimToLength, validateSlug } from './slug.ts';
import { SLUG_MAX_LENGTH } from '../constants.ts';

export { CATEGORY_KEYWORDS, CATEGORY_SUFFIXES, SLUG_CATEGORIES, detectSlugCategory, type SlugCategory } from './slug-categories.ts';

/** Spec §3 "Slug suggestion: slug, type (exact, category, numbered, year), confidence". */
export const SLUG_SUGGESTION_TYPES = ['exact', 'category', 'numbered', 'year'] as const;
export type SlugSuggestionType = (typeof SLUG_SUGGESTION_TYPES)[number];

/**
 * `confidence` (0–1) is how close the suggestion stays to what the creator typed:
 * exact 1; a category suffix 0.9 − 0.05 per position in its set (a generic suffix from
 * BASIC_SUFFIXES starts at 0.8), never below 0.5; the year 0.7; numbered `-n` 0.6 − 0.05·(n−1),
 * never below 0.3.
 */
export interface SlugSuggestion {
  slug: string;
  type: SlugSuggestionType;
  confidence: number;
}

export type SlugPopularity = 'low' | 'medium' | 'high';
export type IsSlugTaken = (slug: string) => boolean;

export const SMART_SUGGESTION_LIMIT = 8;
export const BASIC_SUGGESTION_LIMIT = 5;
/** Smart suggestions keep room for the year and numbered kinds after this many suffixes. */
export const SMART_SUFFIX_SLOTS = 4;
export const BASIC_NUMBERED_COUNT = 5;
export const BASIC_SUFFIXES = ['store', 'shop', 'co', 'official', 'hq'] as const;
/** Used when a name has nothing we can put in a URL (e.g. only Cyrillic letters). */
export const FALLBACK_SLUG_BASE = 'my-store';

const MAX_NUMBER = 99;

/** The slug the suggestions grow from: the derived slug, or a fallback when nothing is left. */
export function suggestionBase(nameOrSlug: string): string {
  return deriveSlug(nameOrSlug) || FALLBACK_SLUG_BASE;
}

/** Spec §5 basic suggestions, in the spec's order: bare, -1 to -5, then the generic suffixes. */
export function basicSlugSuggestions(nameOrSlug: string, isTaken: IsSlugTaken): SlugSuggestion[] {
  const base = suggestionBase(nameOrSlug);
  const candidates = [
    exact(base),
    ...range(1, BASIC_NUMBERED_COUNT).map((n) => numbered(base, n)),
    ...suffixed(base, BASIC_SUFFIXES, 80),
  ];
  return pick(candidates, isTaken, BASIC_SUGGESTION_LIMIT);
}

export interface SmartSuggestionOptions {
  /** The store name (or a slug) typed by the creator. */
  name: string;
  isTaken: IsSlugTaken;
  /** The current year, injected so tests do not depend on the clock. */
  year: number;
  /** A known category; otherwise it is detected from the name and description. */
  category?: SlugCategory | string | null;
  description?: string;
}

/** Spec §5 smart suggestions: exact, category suffixes, the year, then numbered, at most 8. */
export function smartSlugSuggestions(options: SmartSuggestionOptions): SlugSuggestion[] {
  const base = suggestionBase(options.name);
  const category = isSlugCategory(options.category)
    ? options.category
    : detectSlugCategory(`${options.name} ${options.description ?? ''}`);
  const suffixes = category
    ? suffixed(base, CATEGORY_SUFFIXES[category], 90)
    : suffixed(base, BASIC_SUFFIXES, 80);

  const head = pick([exact(base)], options.isTaken, 1);
  const categoryPicks = pick(suffixes, options.isTaken, SMART_SUFFIX_SLOTS);
  const yearPicks = Number.isInteger(options.year) ? pick([yearly(base, options.year)], options.isTaken, 1) : [];
  const chosen = [...head, ...categoryPicks, ...yearPicks];
  const numberedPicks = pick(
    range(1, MAX_NUMBER).map((n) => numbered(base, n)),
    options.isTaken,
    SMART_SUGGESTION_LIMIT - chosen.length,
  );
  return [...chosen, ...numberedPicks].sort((a, b) => b.confidence - a.confidence);
}

/**
 * Spec §5 popularity of a name: how many of its basic variants (bare, -1 to -5 and the generic
 * suffixes) are taken. High over 5, medium over 2.
 */
export function slugPopularity(nameOrSlug: string, isTaken: IsSlugTaken): SlugPopularity {
  const base = suggestionBase(nameOrSlug);
  const variants = [
    exact(base),
    ...range(1, BASIC_NUMBERED_COUNT).map((n) => numbered(base, n)),
    ...suffixed(base, BASIC_SUFFIXES, 80),
  ];
  const taken = new Set(variants.map((v) => v.slug).filter((slug) => isTaken(slug))).size;
  if (taken > 5) return 'high';
  if (taken > 2) return 'medium';
  return 'low';
}

function pick(candidates: SlugSuggestion[], isTaken: IsSlugTaken, limit: number): SlugSuggestion[] {
  const out: SlugSuggestion[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (out.length >= limit) break;
    if (seen.has(candidate.slug)) continue;
    seen.add(candidate.slug);
    const check = validateSlug(candidate.slug);
    if (check.valid && check.slug === candidate.slug && !isTaken(candidate.slug)) out.push(candidate);
  }
  return out;
}

function exact(base: string): SlugSuggestion {
  return { slug: base, type: 'exact', confidence: 1 };
}

function numbered(base: string, n: number): SlugSuggestion {
  return { slug: withSuffix(base, String(n)), type: 'numbered', confidence: score(60 - 5 * (n - 1), 30) };
}

function yearly(base: string, year: number): SlugSuggestion {
  return { slug: withSuffix(base, String(year)), type: 'year', confidence: 0.7 };
}

/** `firstPoints`: the first suffix's confidence in percent points. */
function suffixed(base: string, suffixes: readonly string[], firstPoints: number): SlugSuggestion[] {
  return suffixes
    .filter((suffix) => base !== suffix && !base.endsWith(`-${suffix}`))
    .map((suffix, i): SlugSuggestion => ({
      slug: withSuffix(base, suffix),
      type: 'category',
      confidence: score(firstPoints - 5 * i, 50),
    }));
}

/** `{base}-{suffix}`, shortening the base so the whole stays within 50 characters. */
function withSuffix(base: string, suffix: string): string {
  const room = SLUG_MAX_LENGTH - suffix.length - 1;
  const head = trimToLength(base, room);
  return head ? `${head}-${suffix}` : suffix;
}

/** Percent points to a 0–1 number without float drift (0.9 − 0.05 stays 0.85). */
function score(points: number, floor: number): number {
  return Math.max(points, floor) / 100;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

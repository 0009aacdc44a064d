import {
  AppError,
  canonicalizeSlug,
  MESSAGES,
  slugPopularity,
  smartSlugSuggestions,
  suggestionBase,
  validateSlug,
  type SlugPopularity,
  type SlugSuggestion,
} from '@shopfront/core';
import { like } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { appErrorForDatabaseFailure } from '#src/db/errors.ts';
import { stores } from '#src/db/schema/index.ts';

export interface SlugCheck {
  status: 'valid' | 'error';
  slug: string;
  message?: string;
  popularity: SlugPopularity;
  suggestions: SlugSuggestion[];
}

/** Every suggestion starts with the base, so one prefix query finds every taken candidate. */
const TAKEN_SCAN_LIMIT = 2000;

/**
 * Spec §4/§5 slug check: format and reserved words (core rules), then uniqueness across stores.
 * On error the creator gets up to 8 free suggestions grown from the store name or the slug.
 */
export async function checkSlug(options: { db: Database; slug: string; name?: string; now: Date }): Promise<SlugCheck> {
  const slug = canonicalizeSlug(options.slug.trim());
  const base = suggestionBase(options.name?.trim() || slug);
  let taken: Set<string>;
  try {
    taken = await findTakenSlugs(options.db, [slug, base]);
  } catch (error) {
    if (appErrorForDatabaseFailure(error)) throw new AppError('unavailable', MESSAGES.slug.checkFailed);
    throw error;
  }
  const isTaken = (candidate: string) => taken.has(candidate);
  const popularity = slugPopularity(base, isTaken);
  const validation = validateSlug(slug);
  const message = !validation.valid ? validation.message : isTaken(slug) ? MESSAGES.slug.taken : undefined;
  if (!message) return { status: 'valid', slug, popularity, suggestions: [] };
  const suggestions = smartSlugSuggestions({
    name: options.name?.trim() || slug,
    isTaken,
    year: options.now.getUTCFullYear(),
  }).filter((suggestion) => suggestion.slug !== slug);
  return { status: 'error', slug, message, popularity, suggestions };
}

async function findTakenSlugs(db: Database, prefixes: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const prefix of new Set(prefixes.filter(Boolean))) {
    const rows = await db
      .select({ slug: stores.slug })
      .from(stores)
      .where(like(stores.slug, `${escapeLike(prefix)}%`))
      .limit(TAKEN_SCAN_LIMIT);
    for (const row of rows) taken.add(row.slug);
  }
  return taken;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

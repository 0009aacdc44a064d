import { z } from 'zod';
import { SLUG_SUGGESTION_TYPES } from '../rules/slug-suggestions.ts';
import { defineFunction } from './define.ts';

export const SlugSuggestionSchema = z.object({
  slug: z.string(),
  type: z.enum(SLUG_SUGGESTION_TYPES),
  confidence: z.number().min(0).max(1),
});

/**
 * Spec §4 "Slug check: checking, valid, or error with suggestions" (the `checking` state lives in
 * the form). `name` (the store name) lets the suggestions follow the store's category.
 */
export const checkSlug = defineFunction({
  name: 'checkSlug',
  access: 'public',
  input: z.object({ slug: z.string().max(200), name: z.string().max(200).optional() }).strict(),
  output: z.object({
    status: z.enum(['valid', 'error']),
    /** The canonical slug that was checked. */
    slug: z.string(),
    message: z.string().optional(),
    popularity: z.enum(['low', 'medium', 'high']),
    suggestions: z.array(SlugSuggestionSchema),
  }),
});

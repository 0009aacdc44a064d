import { checkSlug as checkSlugInDb } from '#src/domain/stores/check-slug.ts';
import type { Handler } from '../types.ts';

export const checkSlug: Handler<'checkSlug'> = (input, ctx) =>
  checkSlugInDb({ db: ctx.db, slug: input.slug, name: input.name, now: ctx.now() });

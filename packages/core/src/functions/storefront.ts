import { z } from 'zod';
import { StorefrontDataSchema } from '../schemas/store-profile.ts';
import { defineFunction } from './define.ts';
import { singleLine } from '../schemas/text.ts';

const preview = z.boolean().optional();

/**
 * The public storefront read: a store by slug, or by the host a visitor is on (a bio
 * subdomain or a verified custom domain), as the storefront page shows it. `preview: true` returns
 * the draft, marked `isPreview`, to the store's signed-in owner only; anyone else gets the
 * published store. Null when no store answers. The same data is served, cached and compressed, at
 * `GET /api/storefront?slug=…|host=…`.
 */
export const getStorefront = defineFunction({
  name: 'getStorefront',
  access: 'public',
  input: z.union([
    z.object({ slug: z.string().trim().check(singleLine).min(1).max(100), preview }).strict(),
    z.object({ host: z.string().trim().check(singleLine).min(1).max(253), preview }).strict(),
  ]),
  output: StorefrontDataSchema.nullable(),
});

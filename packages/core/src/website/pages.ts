import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { singleLine } from '../schemas/text.ts';
import { WEBSITE_LIMITS, WebsiteImageSrcSchema, WebsitePageContentSchema } from './blocks.ts';

const M = MESSAGES.website;
const L = WEBSITE_LIMITS;

/** Every website has exactly one page with this slug; it is created on first use and kept. */
export const HOME_PAGE_SLUG = 'home';

export const WebsitePageSlugSchema = z
  .string({ error: M.slugInvalid })
  .trim()
  .check(singleLine)
  .normalize('NFKC')
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: M.slugInvalid })
  .max(L.slugMax, { error: M.slugInvalid });

export const WebsitePageTitleSchema = z
  .string({ error: M.titleRequired })
  .trim()
  .check(singleLine)
  .min(1, { error: M.titleRequired })
  .max(L.titleMax, { error: M.titleTooLong });

/** What the pages list edits; absent fields stay as they are. Empty SEO text means "use the title". */
export const WebsitePageFieldsSchema = z
  .object({
    title: WebsitePageTitleSchema,
    slug: WebsitePageSlugSchema,
    seoTitle: z.string().trim().check(singleLine).max(L.seoTitleMax, { error: M.seoTitleTooLong }),
    seoDescription: z.string().trim().check(singleLine).max(L.seoDescriptionMax, { error: M.seoDescriptionTooLong }),
    seoImageSrc: WebsiteImageSrcSchema,
  })
  .partial()
  .strict();
export type WebsitePageFields = z.output<typeof WebsitePageFieldsSchema>;

/** 'draft' never published · 'published' live as saved · 'changed' live with a newer draft. */
export const WEBSITE_PAGE_STATUSES = ['draft', 'published', 'changed'] as const;
export type WebsitePageStatus = (typeof WEBSITE_PAGE_STATUSES)[number];

export const WebsitePageSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  position: z.number().int(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  seoImageSrc: z.string(),
  isHome: z.boolean(),
  status: z.enum(WEBSITE_PAGE_STATUSES),
  publishedAt: z.string().nullable(),
  draftUpdatedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type WebsitePageSummary = z.infer<typeof WebsitePageSummarySchema>;

/** `draftContent` null: no unsaved draft (the editor opens the published content, or an empty page). */
export const WebsitePageSchema = WebsitePageSummarySchema.extend({
  draftContent: WebsitePageContentSchema.nullable(),
  publishedContent: WebsitePageContentSchema.nullable(),
});
export type WebsitePage = z.infer<typeof WebsitePageSchema>;

export const WebsitePageVersionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  title: z.string(),
  publishedAt: z.string(),
});
export type WebsitePageVersion = z.infer<typeof WebsitePageVersionSchema>;

import { z } from 'zod';
import { EmailSchema } from '../schemas/fields.ts';
import { BuyerNameSchema } from '../schemas/commerce.ts';
import { StorefrontDataSchema, StorefrontProductSchema } from '../schemas/store-profile.ts';
import { singleLine, StoreIdSchema, WebsitePageIdSchema, WebsitePageVersionIdSchema } from '../schemas/text.ts';
import { WEBSITE_LIMITS, WebsitePageContentSchema } from '../website/blocks.ts';
import {
  HOME_PAGE_SLUG,
  WebsitePageFieldsSchema,
  WebsitePageSchema,
  WebsitePageSlugSchema,
  WebsitePageSummarySchema,
  WebsitePageTitleSchema,
  WebsitePageVersionSchema,
} from '../website/pages.ts';
import type { WebsitePageData } from '../website/render-data.ts';
import { SignupFormKeySchema } from '../schemas/automations.ts';
import { VisitorTimeZoneSchema } from '../time-zone.ts';
import { defineFunction } from './define.ts';

const storeId = StoreIdSchema;
const pageId = WebsitePageIdSchema;
const pages = z.object({ pages: z.array(WebsitePageSummarySchema) });
/** The input of every function that acts on one page as it is. */
const onePage = z.object({ storeId, pageId }).strict();

/** The website's pages in navigation order; creates the `home` page when there is none. */
export const listWebsitePages = defineFunction({
  name: 'listWebsitePages',
  access: 'creator',
  input: z.object({ storeId }).strict(),
  output: pages,
});

/** One page for the editor, by slug (the editor's URL names the slug). */
export const getWebsitePage = defineFunction({
  name: 'getWebsitePage',
  access: 'creator',
  input: z.object({ storeId, pageSlug: WebsitePageSlugSchema }).strict(),
  output: WebsitePageSchema,
});

/** A new unpublished page at the end of the navigation, with an empty draft. */
export const createWebsitePage = defineFunction({
  name: 'createWebsitePage',
  access: 'creator',
  input: z.object({ storeId, title: WebsitePageTitleSchema, slug: WebsitePageSlugSchema }).strict(),
  output: WebsitePageSummarySchema,
});

export const updateWebsitePage = defineFunction({
  name: 'updateWebsitePage',
  access: 'creator',
  input: z.object({ storeId, pageId, fields: WebsitePageFieldsSchema }).strict(),
  output: WebsitePageSummarySchema,
});

/** Autosave: replaces the page's draft; visitors see nothing until it is published. */
export const saveWebsitePageDraft = defineFunction({
  name: 'saveWebsitePageDraft',
  access: 'creator',
  input: z.object({ storeId, pageId, content: WebsitePageContentSchema }).strict(),
  output: z.object({ savedAt: z.string() }),
});

/** Makes the draft live and keeps it as a version (the last 20 are kept). */
export const publishWebsitePage = defineFunction({
  name: 'publishWebsitePage',
  access: 'creator',
  input: onePage,
  output: WebsitePageSummarySchema,
});

/** Takes the page off the site; its content stays as the draft. */
export const unpublishWebsitePage = defineFunction({
  name: 'unpublishWebsitePage',
  access: 'creator',
  input: onePage,
  output: WebsitePageSummarySchema,
});

export const discardWebsitePageDraft = defineFunction({
  name: 'discardWebsitePageDraft',
  access: 'creator',
  input: onePage,
  output: WebsitePageSummarySchema,
});

/** The new navigation order: every page of the website, once. */
export const reorderWebsitePages = defineFunction({
  name: 'reorderWebsitePages',
  access: 'creator',
  input: z.object({ storeId, pageIds: z.array(pageId).max(WEBSITE_LIMITS.pagesPerStore) }).strict(),
  output: pages,
});

/** A copy as a new unpublished page ("… copy", slug "…-copy"), placed after the original. */
export const duplicateWebsitePage = defineFunction({
  name: 'duplicateWebsitePage',
  access: 'creator',
  input: onePage,
  output: WebsitePageSummarySchema,
});

/** Every page but `home` can be deleted, with its versions. */
export const deleteWebsitePage = defineFunction({
  name: 'deleteWebsitePage',
  access: 'creator',
  input: onePage,
  output: z.object({ deleted: z.literal(true) }),
});

/** Published versions, newest first. */
export const listWebsitePageVersions = defineFunction({
  name: 'listWebsitePageVersions',
  access: 'creator',
  input: onePage,
  output: z.object({ versions: z.array(WebsitePageVersionSchema) }),
});

/** Copies the version into the draft; the creator then publishes it. */
export const restoreWebsitePageVersion = defineFunction({
  name: 'restoreWebsitePageVersion',
  access: 'creator',
  input: z.object({ storeId, pageId, versionId: WebsitePageVersionIdSchema }).strict(),
  output: WebsitePageSummarySchema,
});

/**
 * The EmailSignup block. Answers `subscribed: true` whether or not the address was added (a
 * withdrawn or suppressed address is left alone), so it tells nobody who is on the list.
 */
export const subscribeToStoreEmail = defineFunction({
  name: 'subscribeToStoreEmail',
  access: 'public',
  input: z
    .object({
      storeId,
      email: EmailSchema,
      name: BuyerNameSchema.optional(),
      consent: z.literal(true),
      /** The browser's IANA zone: the contact's clock for automation waits; an unknown zone is dropped. */
      timeZone: VisitorTimeZoneSchema,
      /** Which of the website's signup forms (its block key), for automations started by a given form. */
      form: SignupFormKeySchema.optional(),
    })
    .strict(),
  output: z.object({ subscribed: z.literal(true) }),
});

/** One website page as it renders (core `website/render-data.ts` WebsitePageData). */
export const WebsitePageDataSchema = z.object({
  store: StorefrontDataSchema.shape.store,
  products: z.array(StorefrontProductSchema),
  pages: z.array(z.object({ slug: z.string(), title: z.string() })),
  page: z.object({
    slug: z.string(),
    title: z.string(),
    seoTitle: z.string().nullable(),
    seoDescription: z.string().nullable(),
    seoImageSrc: z.string().nullable(),
    content: WebsitePageContentSchema,
  }),
  canonicalUrl: z.string(),
  isPreview: z.boolean(),
}) satisfies z.ZodType<WebsitePageData>;

const pageSlug = WebsitePageSlugSchema.default(HOME_PAGE_SLUG);

/**
 * The public read of a published website page, as the server-rendered page shows it: the store by
 * slug, or by the host a visitor is on (a verified custom domain, or a bio domain), like
 * getStorefront; `pageSlug` defaults to `home`. Published content only (never a draft), rich text
 * sanitised again; `isPreview` is always false. Not behind the websiteBuilder flag: published
 * sites stay live (decision 028). Refused with `not-found` (spec §8 message) for no store, a store
 * without that published page, or an unpublished one; `unavailable` ("This store is offline.")
 * for an offline store.
 */
export const getPublishedWebsitePage = defineFunction({
  name: 'getPublishedWebsitePage',
  access: 'public',
  input: z.union([
    z.object({ slug: z.string().trim().check(singleLine).min(1).max(100), pageSlug }).strict(),
    z.object({ host: z.string().trim().check(singleLine).min(1).max(253), pageSlug }).strict(),
  ]),
  output: WebsitePageDataSchema,
});

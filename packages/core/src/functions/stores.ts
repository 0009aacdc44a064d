import { z } from 'zod';
import { STORE_NAME_MAX_LENGTH } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { SLUG_SUGGESTION_TYPES } from '../rules/slug-suggestions.ts';
import { StoreDescriptionSchema, StoreNameSchema } from '../schemas/fields.ts';
import { HexColorSchema, StoreProfileSchema } from '../schemas/store-profile.ts';
import { defineFunction } from './define.ts';
import { TimeZoneSchema } from '../time-zone.ts';
import { StoreIdSchema, TenantIdSchema, singleLineText } from '../schemas/text.ts';

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
  input: z
    .object({
      slug: singleLineText().max(200, { error: MESSAGES.slug.invalidFormat }),
      /** The store form's own limit, so a too-long name answers the form's message. */
      name: singleLineText().max(STORE_NAME_MAX_LENGTH, { error: MESSAGES.validation.storeNameTooLong }).optional(),
    })
    .strict(),
  output: z.object({
    status: z.enum(['valid', 'error']),
    /** The canonical slug that was checked. */
    slug: z.string(),
    message: z.string().optional(),
    popularity: z.enum(['low', 'medium', 'high']),
    suggestions: z.array(SlugSuggestionSchema),
  }),
});

const StoreIdInput = z.object({ storeId: StoreIdSchema }).strict();

/**
 * Spec §7 createStoreWithTenant / createAdditionalStore. The server decides `isFirstStore`, the
 * `domain` and the owner: those fields, like any unknown field, are refused (400).
 */
export const CreateStoreInputSchema = z
  .object({
    storeName: StoreNameSchema,
    slug: singleLineText().max(200),
    description: StoreDescriptionSchema.optional(),
    primaryColor: HexColorSchema.optional(),
    backgroundColor: HexColorSchema.optional(),
    /** The creator's browser zone, so sales days are theirs from the start; UTC without it. */
    timeZone: TimeZoneSchema.optional(),
  })
  .strict();
export type CreateStoreInput = z.input<typeof CreateStoreInputSchema>;

/** Spec §3 Store as its owner sees it: the published profile and the spec fields, never a secret. */
export const StoreSchema = z.object({
  id: z.string(),
  slug: z.string(),
  creatorId: z.string(),
  tenantId: z.string().nullable(),
  ...StoreProfileSchema.shape,
  /** Spec §3 `domain`: the platform URL, `{host}/{slug}`. */
  domain: z.string().nullable(),
  /** The verified custom domain, if any. */
  customDomain: z.string().nullable(),
  primaryColor: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** Why visitors see the store as offline (null = online); `offlineNote` is an admin's reason, shown only to the owner. */
  offlineReason: z.enum(['owner-deactivated', 'abuse', 'plan-limit']).nullable().optional(),
  offlineNote: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Store = z.infer<typeof StoreSchema>;

export const TenantSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  displayName: z.string().nullable(),
  createdAt: z.string(),
});
export type Tenant = z.infer<typeof TenantSchema>;

export const createStoreWithTenant = defineFunction({
  name: 'createStoreWithTenant',
  access: 'creator',
  input: CreateStoreInputSchema,
  output: StoreSchema,
});

/** Spec §7: the same rules as createStoreWithTenant (plan limit, unique slug), for store 2+. */
export const createAdditionalStore = defineFunction({
  name: 'createAdditionalStore',
  access: 'creator',
  input: CreateStoreInputSchema,
  output: StoreSchema,
});

export const getStore = defineFunction({ name: 'getStore', access: 'creator', input: StoreIdInput, output: StoreSchema });

/** The caller's stores newest first (store switcher, spec §7) and the active one (spec §4). */
export const listMyStores = defineFunction({
  name: 'listMyStores',
  access: 'creator',
  input: z.object({}).strict().nullish(),
  output: z.object({ stores: z.array(StoreSchema), activeStoreId: z.string().nullable() }),
});

export const switchActiveStore = defineFunction({
  name: 'switchActiveStore',
  access: 'creator',
  input: StoreIdInput,
  output: z.object({ activeStoreId: z.string() }),
});

/** Removes the store, its tenant, domains, draft and files, and frees the slug. */
export const deleteStoreAndTenant = defineFunction({
  name: 'deleteStoreAndTenant',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, confirmSlug: singleLineText().max(200) }).strict(),
  output: z.object({ deleted: z.literal(true), activeStoreId: z.string().nullable() }),
});

/**
 * The store and every member of its memberships (with the Stripe ids that keep billing them from
 * the creator's own account) as one JSON document, the same one `npm run admin -- export-store`
 * prints (docs/memberships.md "Leaving"). `json` is the document; `members` counts its members.
 */
export const exportStoreData = defineFunction({
  name: 'exportStoreData',
  access: 'creator',
  input: StoreIdInput,
  output: z.object({ filename: z.string(), json: z.string(), members: z.number().int() }),
});

export const createTenant = defineFunction({ name: 'createTenant', access: 'creator', input: StoreIdInput, output: TenantSchema });

export const deleteTenant = defineFunction({
  name: 'deleteTenant',
  access: 'creator',
  input: z.object({ tenantId: TenantIdSchema }).strict(),
  output: z.object({ deleted: z.literal(true) }),
});

export const getTenantInfo = defineFunction({
  name: 'getTenantInfo',
  access: 'creator',
  input: z.object({ tenantId: TenantIdSchema }).strict(),
  output: TenantSchema,
});

/** Spec §3 store stats. */
export const StoreStatsSchema = z.object({
  customers: z.number().int(),
  products: z.number().int(),
  orders: z.number().int(),
  emailCampaigns: z.number().int(),
});
export type StoreStats = z.infer<typeof StoreStatsSchema>;

export const getStoreStats = defineFunction({ name: 'getStoreStats', access: 'creator', input: StoreIdInput, output: StoreStatsSchema });

/** An uploaded image (`/files/…`), an http(s) link, or none. */
const DraftProfileSchema = StoreProfileSchema.refine(
  (profile) => profile.avatarUrl === null || /^\/files\/[\w-]+\/[\w.-]+$/.test(profile.avatarUrl) || /^https?:\/\//i.test(profile.avatarUrl),
  { error: 'The avatar must be an uploaded image or an https:// link.', path: ['avatarUrl'] },
);

/** Spec store-previews: the draft, or the published profile when there is none (spec §4). */
export const StoreDraftSchema = z.object({
  profile: StoreProfileSchema,
  hasDraft: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type StoreDraft = z.infer<typeof StoreDraftSchema>;

export const getStoreDraft = defineFunction({ name: 'getStoreDraft', access: 'creator', input: StoreIdInput, output: StoreDraftSchema });

/** Every builder edit, autosaved; visitors see nothing until publishStoreDraft. */
export const saveStoreDraft = defineFunction({
  name: 'saveStoreDraft',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, profile: DraftProfileSchema }).strict(),
  output: z.object({ updatedAt: z.string() }),
});

/** Spec §4: copies the draft to the live store without the preview flag and deletes the draft. */
export const publishStoreDraft = defineFunction({ name: 'publishStoreDraft', access: 'creator', input: StoreIdInput, output: StoreSchema });

export const discardStoreDraft = defineFunction({
  name: 'discardStoreDraft',
  access: 'creator',
  input: StoreIdInput,
  output: z.object({ discarded: z.boolean() }),
});

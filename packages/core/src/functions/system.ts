import { z } from 'zod';
import { defineFunction } from './define.ts';
import { singleLineText } from '../schemas/text.ts';

/** Spec §7 testFunction: a development-only echo used to check the protocol end to end. */
export const testFunction = defineFunction({
  name: 'testFunction',
  access: 'public',
  devOnly: true,
  input: z.object({ echo: z.unknown().optional() }).strict().nullish(),
  output: z.object({ ok: z.literal(true), echo: z.unknown().optional(), serverTime: z.string() }),
});

export const StoreRefSchema = z.object({
  storeId: z.string(),
  slug: z.string(),
  name: z.string(),
  customDomain: z.string().nullable(),
  isBioDomain: z.boolean(),
  /** The store is offline: visitors get "This store is offline" instead of its pages (never why). */
  offline: z.boolean().optional(),
});
export type StoreRef = z.infer<typeof StoreRefSchema>;

/** App-mode store lookup (spec §2, §7): by slug, custom domain (www stripped) or bio domain. */
export const lookupStore = defineFunction({
  name: 'lookupStore',
  access: 'public',
  input: z.discriminatedUnion('by', [
    z.object({ by: z.literal('slug'), slug: singleLineText().min(1).max(100) }).strict(),
    z.object({ by: z.literal('customDomain'), domain: singleLineText().min(1).max(253) }).strict(),
    z.object({ by: z.literal('bioDomain'), fullDomain: singleLineText().min(1).max(253) }).strict(),
  ]),
  output: StoreRefSchema.nullable(),
});

export const FeatureFlagsSchema = z.object({
  websiteBuilder: z.boolean(),
  affiliateProgram: z.boolean(),
  advancedAnalytics: z.boolean(),
  multiStore: z.boolean(),
  customDomains: z.boolean(),
});
export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>;

/** Public platform state the web app needs before any sign-in: maintenance and feature flags. */
export const getPlatformStatus = defineFunction({
  name: 'getPlatformStatus',
  access: 'public',
  input: z.object({}).strict().nullish(),
  output: z.object({
    maintenanceMode: z.boolean(),
    maintenanceMessage: z.string(),
    allowSignups: z.boolean(),
    signupsOpen: z.boolean(),
    featureFlags: FeatureFlagsSchema,
  }),
});

/**
 * Spec §7 testCreateStoreSimple, development-only: creates a published store owned by a fixed
 * development creator, so journeys and durability tests can seed stores through the front door.
 */
export const testCreateStoreSimple = defineFunction({
  name: 'testCreateStoreSimple',
  access: 'public',
  devOnly: true,
  input: z
    .object({
      slug: singleLineText().min(1).max(100),
      name: singleLineText().min(1).max(99),
      customDomain: singleLineText().min(1).max(253).optional(),
      bioDomain: singleLineText().min(1).max(253).optional(),
    })
    .strict(),
  output: StoreRefSchema,
});

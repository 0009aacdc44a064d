import { z } from 'zod';
import { defineFunction } from './define.ts';
import type { FeatureFlags } from './system.ts';
import { multiLineText, singleLineText } from '../schemas/text.ts';
import { MAINTENANCE_MESSAGE_MAX_LENGTH, PLATFORM_CONFIG_MESSAGES, PLATFORM_REASON_MAX_LENGTH } from './platform-config-messages.ts';

// The limits and messages are in their own module (no zod): the web app's feature gate shows one.
export { MAINTENANCE_MESSAGE_MAX_LENGTH, PLATFORM_CONFIG_MESSAGES, PLATFORM_REASON_MAX_LENGTH } from './platform-config-messages.ts';

export type FeatureFlagName = keyof FeatureFlags;
export const FEATURE_FLAG_NAMES = ['websiteBuilder', 'affiliateProgram', 'advancedAnalytics', 'multiStore', 'customDomains'] as const satisfies readonly FeatureFlagName[];

/** What each flag controls, as the admin page describes it. */
export const FEATURE_FLAG_DESCRIPTIONS: Readonly<Record<FeatureFlagName, { label: string; description: string }>> = Object.freeze({
  websiteBuilder: { label: 'Website builder', description: 'The multi-page website builder: its dashboard section and its functions. Sites already published stay live.' },
  affiliateProgram: { label: 'Affiliate program', description: 'Affiliate referrals: the dashboard section and the affiliate functions.' },
  advancedAnalytics: { label: 'Advanced analytics', description: 'Funnels and revenue by source and email campaign on the Analytics page (refused while off).' },
  multiStore: { label: 'Several stores', description: 'Creators may open more stores, up to their plan limit. Off: one store each.' },
  customDomains: { label: 'Custom domains', description: 'Creators connect their own domain in Settings › Domains.' },
});

const reason = singleLineText()
  .trim()
  .max(PLATFORM_REASON_MAX_LENGTH, PLATFORM_CONFIG_MESSAGES.reasonTooLong);

const AdminRefSchema = z.object({ id: z.string(), email: z.string() });

/** Spec §3 admin/maintenance_config as the admin page shows it. */
export const MaintenanceConfigSchema = z.object({
  /** The stored switch. */
  maintenanceMode: z.boolean(),
  /** On and its end time (if any) not yet passed: what signups obey right now. */
  inEffect: z.boolean(),
  /** The stored message (null: the default message is shown). */
  maintenanceMessage: z.string().nullable(),
  allowSignups: z.boolean(),
  enabledAt: z.string().nullable(),
  enabledBy: AdminRefSchema.nullable(),
  endsAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type MaintenanceConfig = z.infer<typeof MaintenanceConfigSchema>;

export const getMaintenanceConfig = defineFunction({
  name: 'getMaintenanceConfig',
  access: 'admin',
  input: z.object({}).strict().nullish(),
  output: MaintenanceConfigSchema,
});

/**
 * Switches maintenance on (with the message visitors see and an optional end time) or off.
 * Turning it on records enabledAt/enabledBy; turning it off clears them. Audited.
 */
export const setMaintenanceMode = defineFunction({
  name: 'setMaintenanceMode',
  access: 'admin',
  input: z
    .object({
      enabled: z.boolean(),
      message: multiLineText().trim().max(MAINTENANCE_MESSAGE_MAX_LENGTH, PLATFORM_CONFIG_MESSAGES.messageTooLong).optional(),
      endsAt: z.iso.datetime({ offset: true }).nullish(),
      reason: reason.optional(),
    })
    .strict()
    .superRefine((value, context) => {
      if (value.enabled && !value.message) {
        context.addIssue({ code: 'custom', path: ['message'], message: PLATFORM_CONFIG_MESSAGES.messageRequired });
      }
    }),
  output: MaintenanceConfigSchema,
});

/**
 * Spec §3 allowSignups: closes (or reopens) signups without maintenance; sign-in keeps working.
 * Signups need it on and maintenance off (spec §4). Audited.
 */
export const setAllowSignups = defineFunction({
  name: 'setAllowSignups',
  access: 'admin',
  input: z.object({ allowSignups: z.boolean(), reason: reason.optional() }).strict(),
  output: MaintenanceConfigSchema,
});

export const FeatureFlagStateSchema = z.object({
  name: z.enum(FEATURE_FLAG_NAMES),
  enabled: z.boolean(),
  /** True when no admin has set it: the spec default applies. */
  isDefault: z.boolean(),
  defaultEnabled: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: AdminRefSchema.nullable(),
});
export type FeatureFlagState = z.infer<typeof FeatureFlagStateSchema>;

export const getFeatureFlags = defineFunction({
  name: 'getFeatureFlags',
  access: 'admin',
  input: z.object({}).strict().nullish(),
  output: z.object({ flags: z.array(FeatureFlagStateSchema) }),
});

/** Switches one flag for the whole platform; the reason is required and audited. */
export const setFeatureFlag = defineFunction({
  name: 'setFeatureFlag',
  access: 'admin',
  input: z
    .object({
      name: z.enum(FEATURE_FLAG_NAMES),
      enabled: z.boolean(),
      reason: reason.min(1, PLATFORM_CONFIG_MESSAGES.reasonRequired),
    })
    .strict(),
  output: z.object({ flag: FeatureFlagStateSchema, changed: z.boolean() }),
});

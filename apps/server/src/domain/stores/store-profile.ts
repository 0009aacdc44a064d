// Exports the store row mappings (toStoreProfile, parseStoredProfile, toStore, colorsFromSpecFields,
// specFieldsFromColors): one module because they define together how a profile is stored.
import {
  DEFAULT_THEME,
  StoreProfileSchema,
  THEMES,
  type Store,
  type StoreProfile,
  type Theme,
  type ThemeColors,
} from '@shopfront/core';
import type { StoreRow } from '#src/db/schema/index.ts';

/** The published profile held in the `stores` columns (what visitors see). */
export function toStoreProfile(row: StoreRow): StoreProfile {
  return {
    name: row.name,
    description: row.description,
    avatarUrl: row.avatarUrl,
    socialLinks: row.socialLinks,
    links: row.links,
    theme: (THEMES as readonly string[]).includes(row.theme) ? (row.theme as Theme) : DEFAULT_THEME,
    themeOverrides: { colors: (row.themeOverrides.colors ?? {}) as ThemeColors },
    productLayout: row.productLayout,
  };
}

/** A draft row's data, or null when it no longer fits the profile schema (an older shape). */
export function parseStoredProfile(data: unknown): StoreProfile | null {
  const parsed = StoreProfileSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** Spec §3 Store as its owner sees it (StoreSchema): no secret ever leaves through here. */
export function toStore(row: StoreRow, tenantId: string | null): Store {
  return {
    id: row.id,
    slug: row.slug,
    creatorId: row.creatorId,
    tenantId,
    ...toStoreProfile(row),
    domain: row.domain,
    customDomain: row.customDomain,
    primaryColor: row.primaryColor,
    backgroundColor: row.backgroundColor,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    offlineReason: row.offlineReason,
    offlineNote: row.offlineNote,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The spec's `primaryColor` / `backgroundColor` and the theme colours describe the same thing:
 * the button colour and the page background. Creation seeds the overrides from them; publishing
 * keeps them in step with the overrides.
 */
export function colorsFromSpecFields(fields: { primaryColor?: string; backgroundColor?: string }): ThemeColors {
  const colors: ThemeColors = {};
  if (fields.primaryColor) colors.buttonColor = fields.primaryColor;
  if (fields.backgroundColor) {
    colors.backgroundStartColor = fields.backgroundColor;
    colors.backgroundEndColor = fields.backgroundColor;
  }
  return colors;
}

export function specFieldsFromColors(colors: ThemeColors): { primaryColor: string | null; backgroundColor: string | null } {
  return { primaryColor: colors.buttonColor ?? null, backgroundColor: colors.backgroundStartColor ?? null };
}

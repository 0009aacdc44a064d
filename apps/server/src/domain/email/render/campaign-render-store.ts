import { canonicalStoreUrl, resolveThemePalette, type ThemePaletteKey } from '@shopfront/core';
import type { StoreRow } from '#src/db/schema/index.ts';
import type { RenderCampaignInput } from './types.ts';

/** The store part of a campaign render: its name, the footer address, its home page and button colours. */
export function campaignRenderStore(
  store: Pick<StoreRow, 'name' | 'slug' | 'customDomain' | 'theme' | 'themeOverrides'>,
  options: { postalAddress: string; publicUrl: string },
): RenderCampaignInput['store'] {
  const overrides = (store.themeOverrides?.colors ?? {}) as Partial<Record<ThemePaletteKey, string>>;
  const { colors } = resolveThemePalette(store.theme, overrides);
  return {
    name: store.name,
    postalAddress: options.postalAddress,
    storefrontUrl: canonicalStoreUrl(store, { origin: options.publicUrl }),
    buttonColor: colors.buttonColor,
    buttonTextColor: colors.buttonTextColor,
  };
}

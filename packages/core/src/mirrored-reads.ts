/**
 * The visitor reads a region's mirror can answer (spec §3, §4): store lookups by slug or domain,
 * the published storefront and published website pages. Browsers call these on the nearest
 * region first; every other function runs on the primary (docs/regions.md). A module of its own,
 * without region.ts's tables: the web app checks every call against it.
 */
export const MIRRORED_READ_FUNCTIONS = ['lookupStore', 'getStorefront', 'getPublishedWebsitePage'] as const;
export type MirroredReadFunction = (typeof MIRRORED_READ_FUNCTIONS)[number];

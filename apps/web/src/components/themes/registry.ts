import { DEFAULT_THEME_ID, type Theme } from './theme-ids.ts';
import { mochaMood } from './mocha-mood/index.ts';
import { neonPulse } from './neon-pulse/index.ts';
import type { ThemeDefinition } from './types.ts';

/**
 * Every storefront theme. A third theme is one folder (`themes/<id>/index.ts` + its CSS) and one
 * line here; the id also goes into core's THEMES so the server accepts it (the type below fails
 * until both agree).
 */
export const THEME_REGISTRY = {
  'mocha-mood': mochaMood,
  'neon-pulse': neonPulse,
} as const satisfies Record<Theme, ThemeDefinition>;

export const THEME_LIST: readonly ThemeDefinition[] = Object.values(THEME_REGISTRY);

/** An unknown id (an old row, a removed theme) falls back to the default theme. */
export function getTheme(id: string): ThemeDefinition {
  return (THEME_REGISTRY as Record<string, ThemeDefinition>)[id] ?? THEME_REGISTRY[DEFAULT_THEME_ID];
}

import type { Theme } from '@shopfront/core';

export type { Theme };

/**
 * Core's DEFAULT_THEME, repeated as a type-checked literal: the storefront bundle imports no value
 * from @shopfront/core (that would pull zod into the visitor's JavaScript; see the bundle check).
 */
export const DEFAULT_THEME_ID = 'mocha-mood' satisfies Theme;

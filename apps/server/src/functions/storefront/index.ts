import type { HandlerRegistry } from '../types.ts';
import { getStorefront } from './get-storefront.ts';

/** The storefront handlers; ../index.ts spreads them into the registry. */
export const storefrontHandlers = {
  getStorefront,
} satisfies Partial<HandlerRegistry>;

import type { HandlerRegistry } from '../types.ts';

/** Issue 5 handlers of this area; the registry in ../index.ts spreads them in. */
export const memberHandlers = {} satisfies Partial<HandlerRegistry>;

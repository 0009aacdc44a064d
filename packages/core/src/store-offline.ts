/**
 * What visitors of an offline store see (storefront, members area, website, checkout), whatever
 * the reason: the owner's deactivation, an admin's unpublish for abuse or a plan limit. The abuse
 * reason is only ever shown to the owner. Zod-free: the storefront bundle imports it.
 */
export const STORE_OFFLINE_MESSAGES = {
  title: 'This store is offline',
  body: "It isn't available right now. Please check back later.",
  /** The API and checkout refusal. */
  error: 'This store is offline.',
} as const;

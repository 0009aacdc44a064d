import { z } from 'zod';
import { defineFunction } from './define.ts';
import { StoreIdSchema, singleLine } from '../schemas/text.ts';

const storeId = StoreIdSchema;
const domain = z.string().trim().check(singleLine).min(1).max(253);

/** A custom domain and the DNS TXT record that proves the creator controls it (SECURITY). */
export const CustomDomainSchema = z.object({
  domain: z.string(),
  txtRecordName: z.string(),
  txtRecordValue: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
});
export type CustomDomain = z.infer<typeof CustomDomainSchema>;

/** Spec §2/§3 custom domains, behind the `customDomains` feature flag. */
export const addCustomDomain = defineFunction({
  name: 'addCustomDomain',
  access: 'creator',
  input: z.object({ storeId, domain }).strict(),
  output: CustomDomainSchema,
});

/** Looks up the TXT record with the server's resolver; the domain goes live only when it matches. */
export const verifyCustomDomain = defineFunction({
  name: 'verifyCustomDomain',
  access: 'creator',
  input: z.object({ storeId, domain }).strict(),
  output: CustomDomainSchema,
});

export const removeCustomDomain = defineFunction({
  name: 'removeCustomDomain',
  access: 'creator',
  input: z.object({ storeId, domain }).strict(),
  output: z.object({ removed: z.literal(true) }),
});

/** Spec §2 bio subdomains `{name}.{BIO_DOMAIN}`; `name: null` removes the store's bio domain. */
export const setBioSubdomain = defineFunction({
  name: 'setBioSubdomain',
  access: 'creator',
  input: z.object({ storeId, name: z.string().trim().check(singleLine).max(100).nullable() }).strict(),
  output: z.object({ bioDomain: z.string().nullable() }),
});

/** Everything the Settings page shows about a store's addresses. */
export const StoreDomainsSchema = z.object({
  /** Spec §3 `domain`: `{host}/{slug}`. */
  platformUrl: z.string(),
  customDomains: z.array(CustomDomainSchema),
  bioDomain: z.string().nullable(),
  /** BIO_DOMAIN, or null when this platform offers no bio subdomains. */
  bioDomainBase: z.string().nullable(),
  customDomainsEnabled: z.boolean(),
});
export type StoreDomains = z.infer<typeof StoreDomainsSchema>;

export const getStoreDomains = defineFunction({
  name: 'getStoreDomains',
  access: 'creator',
  input: z.object({ storeId }).strict(),
  output: StoreDomainsSchema,
});

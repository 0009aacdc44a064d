import type { HandlerRegistry } from '../types.ts';
import { addCustomDomain } from './add-custom-domain.ts';
import { getStoreDomains } from './get-store-domains.ts';
import { removeCustomDomain } from './remove-custom-domain.ts';
import { setBioSubdomain } from './set-bio-subdomain.ts';
import { verifyCustomDomain } from './verify-custom-domain.ts';

/** The domains handlers; ../index.ts spreads them into the registry. */
export const domainHandlers = {
  addCustomDomain,
  verifyCustomDomain,
  removeCustomDomain,
  setBioSubdomain,
  getStoreDomains,
} satisfies Partial<HandlerRegistry>;

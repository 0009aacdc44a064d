/**
 * The port and host names of the e2e run (mapped to 127.0.0.1 in playwright.config.ts). The port
 * is fixed (3100) unless `E2E_PORT` is set, so two checkouts on one machine can each run the
 * suite: the sydney server and the DNS stand-in's control endpoint take ports relative to it.
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 3100);

export const E2E_HOSTS = {
  /** Not a product host: stands in for a product domain's subdomains in later journeys. */
  productDomain: 'shopfront.test',
  /** A verified custom domain seeded by the journeys (two labels → website mode). */
  customDomain: 'shop-e2e.example',
  /** A two-label host no store owns. */
  unknownDomain: 'nobody-e2e.example',
  /** Bio subdomains (`{name}.bio-e2e.example`, three labels → storefront mode). */
  bioParent: 'bio-e2e.example',
  /** Custom domains a creator adds and verifies through DNS (`shop-{id}.verified-e2e.example`). */
  verifiedParent: 'verified-e2e.example',
} as const;

/** Loopback HTTP port of the DNS stand-in's control endpoint (start-server.mjs, support/dns.ts). */
export const E2E_DNS_CONTROL_PORT = E2E_PORT + 53;

export function urlOn(host: string, path = '/'): string {
  return `http://${host}:${E2E_PORT}${path}`;
}

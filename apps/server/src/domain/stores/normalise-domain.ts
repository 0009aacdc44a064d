// Exports the host normalisers (normaliseHost, normaliseCustomDomain): one module because the second is the first
// with `www.` stripped.
/** Host names are compared canonical: trimmed, lower-case, no port, no trailing dot. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/** Spec §2/§7: custom domains are looked up with `www.` stripped, so both forms find the store. */
export function normaliseCustomDomain(domain: string): string {
  return normaliseHost(domain).replace(/^www\./, '');
}

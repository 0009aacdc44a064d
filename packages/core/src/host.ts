/** Host helpers for app-mode selection (spec §2). Hosts compare case-insensitively, without port. */
export const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0'] as const;

/** `Shop.Example.COM:8080` → `shop.example.com`; `[::1]:3000` → `[::1]`; a trailing dot is dropped. */
export function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end === -1 ? h : h.slice(0, end + 1);
  }
  // One colon is a port; several colons are a bare IPv6 address.
  if (h.split(':').length === 2) h = h.slice(0, h.indexOf(':'));
  return h.replace(/\.+$/, '');
}

export function isLocalHost(host: string): boolean {
  return (LOCAL_HOSTS as readonly string[]).includes(normalizeHost(host));
}

/** An IP literal can never be a store's domain (domains are verified through DNS). */
export function isIpLiteral(host: string): boolean {
  const h = normalizeHost(host);
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(h) || h.startsWith('[') || h.includes(':');
}

/**
 * The product's own hosts: the configured product hosts plus every host that cannot be a
 * custom domain (local names, IP literals, single-label names such as `web` in a container).
 */
export function isPlatformHost(host: string, productHosts: readonly string[]): boolean {
  const h = normalizeHost(host);
  if (h === '' || isLocalHost(h) || isIpLiteral(h) || !h.includes('.')) return true;
  return productHosts.some((product) => normalizeHost(product) === h);
}

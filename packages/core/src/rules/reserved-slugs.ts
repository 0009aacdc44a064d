/** Spec §5 reserved slugs, plus the words our own routes and files use. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // spec §5
  'admin', 'api', 'app', 'blog', 'dashboard', 'help', 'support', 'www', 'mail', 'ftp', 'localhost',
  'dev', 'staging', 'test', 'login', 'signup', 'register', 'auth', 'oauth', 'settings', 'account',
  'profile', 'user', 'users', 'store', 'stores', 'product', 'products', 'order', 'orders', 'payment',
  'payments', 'checkout', 'cart', 'search', 'contact', 'about', 'privacy', 'terms', 'legal', 'docs',
  'documentation', 'status', 'health',
  // Our own routes
  'members', 'website', 'dev-preview', 'debug', 'password-reset', 'null', 'undefined', 'robots.txt',
  'favicon.ico', 'assets', 'fn',
  // Uploaded files and the health probes
  'files', 'healthz', 'readyz',
]);

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug);
}

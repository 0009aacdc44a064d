export function formatPurchaseDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
}

/** Only http(s) (or a same-site path for images) reaches an href or src. */
export function safeHttpUrl(url: string | null, { allowPath = false } = {}): string | null {
  if (!url) return null;
  if (allowPath && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

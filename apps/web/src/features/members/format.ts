/** Minor units → "$12.50" (0 decimals for JPY and the like); 0 is "Free". */
export function formatAmount(cents: number, currency: string): string {
  if (cents === 0) return 'Free';
  try {
    const format = new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() });
    return format.format(cents / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export function formatPurchaseDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
}

/** 1536 → "1.5 KB", 5_000_000 → "4.8 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
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

// Zod-free (a storefront and website subpath, `@shopfront/core/safe-url`).

/** A same-site path (`/x`), never a protocol-relative `//host` or `/\host`. */
const isSitePath = (url: string) => url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');

function withProtocol(url: string, protocols: readonly string[]): string | null {
  try {
    return protocols.includes(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}

/**
 * SECURITY "Content": links allow only http(s) and mailto, and same-site paths where the caller
 * allows them (website blocks). The server validated them on save; checking again at render keeps
 * an old or hand-edited row from becoming a `javascript:` link.
 */
export function safeHref(url: string | null | undefined, { allowPath = false } = {}): string | null {
  if (!url) return null;
  if (url.startsWith('/')) return allowPath && isSitePath(url) ? url : null;
  return withProtocol(url, ['http:', 'https:', 'mailto:']);
}

/** Images: an absolute http(s) URL or a same-origin path (an uploaded file), never `//host`. */
export function safeImageSrc(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/')) return isSitePath(url) ? url : null;
  return withProtocol(url, ['http:', 'https:']);
}

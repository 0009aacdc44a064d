/**
 * SECURITY "Content": links allow only http(s) and mailto. The server validated them on save;
 * checking again at render keeps an old or hand-edited row from becoming a `javascript:` link.
 */
export function safeHref(url: string): string | null {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' || protocol === 'mailto:' ? url : null;
  } catch {
    return null;
  }
}

/** Images: an absolute http(s) URL or a same-origin path (an uploaded file), never `//host`. */
export function safeImageSrc(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

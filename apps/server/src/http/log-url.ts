/** Paths whose last segment is a bearer capability (signed download links): logged as `…/:token`. */
const TOKEN_PATHS = /^(\/api\/downloads(?:\/file)?)\/[^/?]+/;

/**
 * A URL as it may appear in logs: the path and the names of the query parameters, never their
 * values (sign-in links, MFA tokens and OAuth codes travel in query strings), and never a signed
 * download token from the path.
 */
export function withoutQueryValues(rawUrl: string): string {
  const url = rawUrl.replace(TOKEN_PATHS, '$1/:token');
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const names = [...new URLSearchParams(url.slice(mark + 1)).keys()].map(encodeURIComponent);
  return names.length ? `${url.slice(0, mark)}?${names.join('&')}` : url.slice(0, mark);
}

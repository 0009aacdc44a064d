/**
 * SECURITY "Sessions and the browser": the origin remembered across sign-in is followed only if it
 * is a same-site relative path (`/x`; never `//x`, `/\x`, their percent-encoded forms, control
 * characters that URL parsers drop, or schemes such as `javascript:`). One rule for the web app's
 * redirects and the server's OAuth and email-link continue URLs.
 */
export const DEFAULT_RETURN_PATH = '/dashboard';

const MAX_RETURN_PATH_LENGTH = 2048;
const MAX_DECODE_ROUNDS = 3;
const PROBE_ORIGIN = 'http://return-path.invalid';

export function isSafeReturnPath(candidate: unknown): candidate is string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > MAX_RETURN_PATH_LENGTH) return false;
  let form = candidate;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round += 1) {
    if (!isPlainRelativePath(form)) return false;
    const decoded = safeDecode(form);
    if (decoded === null) return false;
    if (decoded === form) return staysOnProbeOrigin(candidate);
    form = decoded;
  }
  return false;
}

export function safeReturnPath(candidate: unknown, fallback: string = DEFAULT_RETURN_PATH): string {
  return isSafeReturnPath(candidate) ? candidate : fallback;
}

function isPlainRelativePath(path: string): boolean {
  // eslint-disable-next-line no-control-regex
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && !/[\u0000-\u001f\u007f]/.test(path);
}

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

function staysOnProbeOrigin(path: string): boolean {
  try {
    return new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

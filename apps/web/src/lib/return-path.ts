/**
 * SECURITY "Sessions and the browser": the origin remembered across sign-in is followed only if it
 * is a same-site relative path. Anything else — `//host`, `/\host`, their percent-encoded forms,
 * control characters that URL parsers strip, schemes such as `javascript:` — gives the fallback.
 */
const MAX_RETURN_PATH_LENGTH = 2048;
const MAX_DECODE_ROUNDS = 3;
const PROBE_ORIGIN = 'http://return-path.invalid';

export function isSafeReturnPath(candidate: unknown): candidate is string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > MAX_RETURN_PATH_LENGTH) {
    return false;
  }
  let form = candidate;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round += 1) {
    if (!isPlainRelativePath(form)) return false;
    const decoded = safeDecode(form);
    if (decoded === null) return false;
    if (decoded === form) return staysOnProbeOrigin(candidate);
    form = decoded;
  }
  // Still changing after several rounds of decoding: nobody needs that for a real page.
  return false;
}

export function safeReturnPath(candidate: unknown, fallback: string): string {
  return isSafeReturnPath(candidate) ? candidate : fallback;
}

function isPlainRelativePath(path: string): boolean {
  if (!path.startsWith('/')) return false;
  if (path.startsWith('//')) return false;
  if (path.includes('\\')) return false;
  // Tabs, newlines and other controls are dropped by URL parsers, so `/\t/evil` becomes `//evil`.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return false;
  return true;
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

// Exports the upload header readers (productFileDisplayName, productFileContentType): one module because both
// clean what the client declares about a product file.
const MAX_NAME = 200;
const FALLBACK_NAME = 'file';
/** Control characters, bidi overrides (they fake extensions: "cod\u202Egpj.exe") and characters no file system likes. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"|?*]/g;
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,62}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,62}$/;

/**
 * The name buyers see and download a file under, from the `X-File-Name` header (URL-encoded):
 * the last path segment, without unsafe characters or leading dots, at most 200 characters
 * (the extension is kept when the name is cut).
 */
export function productFileDisplayName(header: string | string[] | undefined): string {
  const raw = typeof header === 'string' ? header : '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw;
  }
  const base = decoded.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSAFE, '').replace(/\s+/g, ' ').trim().replace(/^[.\s]+/, '');
  if (!clean) return FALLBACK_NAME;
  const chars = [...clean];
  if (chars.length <= MAX_NAME) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? [...clean.slice(dot)] : [];
  if (extension.length > 0 && extension.length <= 20) {
    return chars.slice(0, MAX_NAME - extension.length).join('').trimEnd() + extension.join('');
  }
  return chars.slice(0, MAX_NAME).join('').trimEnd();
}

/** The declared type when it is a plain `type/subtype`; the download is an attachment either way. */
export function productFileContentType(header: string | undefined): string {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return CONTENT_TYPE.test(type) ? type : 'application/octet-stream';
}

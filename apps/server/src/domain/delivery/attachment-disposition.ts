/**
 * `attachment` with the UTF-8 name (RFC 6266 / 5987) and an ASCII fallback for old clients. The
 * name is the uploader's: quotes, backslashes, control and non-ASCII characters never reach the
 * quoted form.
 */
export function attachmentDisposition(name: string): string {
  const cleaned = [...name].filter((char) => char.charCodeAt(0) > 0x1f && char !== '\u007f').join('').trim() || 'download';
  const ascii = cleaned.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\%]/g, '_').trim() || 'download';
  const encoded = encodeURIComponent(cleaned).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

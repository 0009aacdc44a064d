export type Encoding = 'br' | 'gzip' | 'identity';

const remembered = new Map<string, Encoding>();
const REMEMBER_MAX = 128;

/**
 * Accept-Encoding → the best encoding we hold (brotli, then gzip). Honours `q=0` refusals. Browsers
 * send a handful of distinct headers, so answers are remembered.
 */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const known = remembered.get(header);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim(), q ? Number.parseFloat(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const [best] = (['br', 'gzip'] as const).filter((name) => weight(name) > 0).sort((a, b) => weight(b) - weight(a));
  const answer: Encoding = best ?? 'identity';
  if (remembered.size >= REMEMBER_MAX) remembered.clear();
  remembered.set(header, answer);
  return answer;
}

/** If-None-Match against our strong ETag (`*`, lists and weak forms compare weakly, RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** What a download answers for a `Range` header (RFC 9110 §14). */
export type ByteRangePlan =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

/**
 * Plans the answer to `Range` for a file of `size` bytes. One range (`a-b`, `a-`, `-n`) is served
 * as 206; a range starting past the end is 416. Anything else is the full 200, as RFC 9110 allows:
 * no header, another unit, a malformed header, and several ranges (multipart/byteranges is not
 * worth its cost for resuming a download, which asks for one range).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRangePlan {
  if (!header) return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match) return { kind: 'full' };
  const specs = match[1]!.split(',').map((spec) => spec.trim()).filter((spec) => spec.length > 0);
  if (specs.length !== 1) return { kind: 'full' };
  const parts = SPEC.exec(specs[0]!);
  if (!parts) return { kind: 'full' };
  const [, first, last] = parts as unknown as [string, string, string];
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // A suffix: the last n bytes (all of them when n ≥ size); `-0` asks for nothing.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  // `b < a` is not a valid range: ignored, like a malformed header.
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'partial', start, end };
}

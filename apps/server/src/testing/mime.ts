export interface MimePart {
  headers: Map<string, string>;
  body: string;
}

/** Splits a raw message into unfolded headers (lower-case names) and the undecoded body. */
export function parseEntity(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(split + 4) };
}

/** The parts of a multipart entity, split on the boundary of its Content-Type. */
export function parseMultipart(entity: MimePart): MimePart[] {
  const boundary = /boundary="?([^";]+)"?/.exec(entity.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('not a multipart entity');
  const sections = entity.body.split(`--${boundary}`);
  // Drop the preamble and everything from the closing `--boundary--` on.
  return sections.slice(1, -1).map((section) => parseEntity(section.replace(/^\r\n/, '')));
}

/** The decoded text of a single part (7bit, quoted-printable or base64; UTF-8). */
export function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const softBreaksRemoved = part.body.replace(/=\r\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < softBreaksRemoved.length; i++) {
      const char = softBreaksRemoved[i] ?? '';
      if (char === '=' && /^[0-9A-F]{2}$/i.test(softBreaksRemoved.slice(i + 1, i + 3))) {
        bytes.push(parseInt(softBreaksRemoved.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(char, 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return part.body;
}

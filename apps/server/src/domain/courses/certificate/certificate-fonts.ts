// Exports fontRuns: a line of text split into runs, each with the Noto font file that draws it.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type fontkit from '@pdf-lib/fontkit';

type FontkitFont = ReturnType<typeof fontkit.create>;
export type CertificateWeight = 400 | 700;

/**
 * Where a character outside the PDF standard fonts is looked for, in order (decision 049): Noto Serif
 * (Latin with its extensions, Cyrillic, Greek, Vietnamese), Noto Sans Arabic, Noto Sans SC
 * (Chinese, Japanese kana, Korean syllables of its chunks, full-width forms). Fontsource splits
 * each family into small files by Unicode range (its `unicode.json`), so a certificate reads only
 * the few files its text needs; they are read once and kept.
 */
const FAMILIES = [
  { packageName: '@fontsource/noto-serif', file: 'noto-serif' },
  { packageName: '@fontsource/noto-sans-arabic', file: 'noto-sans-arabic' },
  { packageName: '@fontsource/noto-sans-sc', file: 'noto-sans-sc' },
] as const;

/** Drawn for a character no bundled font has (an emoji, a rare script). */
export const MISSING_CHARACTER = '?';

interface Chunk {
  path: string;
  ranges: [number, number][];
}

export interface FontRun {
  /** The font file (a Fontsource `.woff`): what `PDFDocument.embedFont` is given. */
  path: string;
  text: string;
}

const require = createRequire(import.meta.url);
const chunkLists = new Map<string, Promise<Chunk[]>>();
const fonts = new Map<string, Promise<{ bytes: Buffer; font: FontkitFont }>>();

/** The bytes of a font file, read once. */
export async function fontFile(path: string): Promise<Buffer> {
  return (await loadFont(path)).bytes;
}

/**
 * The text as runs of one font each, in drawing order (left to right). A character stays in the
 * current run when its font has it (spaces and punctuation do not split a name); otherwise the
 * first family whose chunk covers it and has its glyph starts a new run. Right-to-left text
 * (its first strong character Arabic or Hebrew) has its runs drawn in reverse order; inside a run,
 * fontkit shapes Arabic and orders it right to left.
 */
export async function fontRuns(text: string, weight: CertificateWeight): Promise<FontRun[]> {
  const runs: FontRun[] = [];
  let current = null as { run: FontRun; font: FontkitFont } | null;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if (current?.font.hasGlyphForCodePoint(codePoint)) {
      current.run.text += char;
      continue;
    }
    const own = await fontFor(codePoint, weight);
    const found = own ?? (await fontFor(MISSING_CHARACTER.codePointAt(0)!, weight))!;
    const drawn = own ? char : MISSING_CHARACTER;
    if (!own && current?.font.hasGlyphForCodePoint(MISSING_CHARACTER.codePointAt(0)!)) {
      current.run.text += drawn;
      continue;
    }
    if (current?.run.path === found.path) current.run.text += drawn;
    else {
      current = { run: { path: found.path, text: drawn }, font: found.font };
      runs.push(current.run);
    }
  }
  return startsRightToLeft(text) ? runs.reverse() : runs;
}

async function fontFor(codePoint: number, weight: CertificateWeight): Promise<{ path: string; font: FontkitFont } | null> {
  for (const family of FAMILIES) {
    for (const chunk of await chunksOf(family, weight)) {
      if (!chunk.ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) continue;
      const { font } = await loadFont(chunk.path);
      if (font.hasGlyphForCodePoint(codePoint)) return { path: chunk.path, font };
    }
  }
  return null;
}

function chunksOf(family: (typeof FAMILIES)[number], weight: CertificateWeight): Promise<Chunk[]> {
  const key = `${family.file}-${weight}`;
  let list = chunkLists.get(key);
  if (!list) {
    list = readChunks(family, weight);
    chunkLists.set(key, list);
  }
  return list;
}

async function readChunks(family: (typeof FAMILIES)[number], weight: CertificateWeight): Promise<Chunk[]> {
  const folder = dirname(require.resolve(`${family.packageName}/package.json`));
  const unicode = JSON.parse(await readFile(join(folder, 'unicode.json'), 'utf8')) as Record<string, string>;
  return Object.entries(unicode).map(([name, ranges]) => ({
    // `[12]` names a numbered chunk (noto-sans-sc-12-700-normal.woff), `latin-ext` a named one.
    path: join(folder, 'files', `${family.file}-${name.replace(/^\[(\d+)\]$/, '$1')}-${weight}-normal.woff`),
    ranges: ranges.split(',').map((range) => {
      const [from, to] = range.trim().replace(/^U\+/i, '').split('-');
      return [Number.parseInt(from!, 16), Number.parseInt(to ?? from!, 16)];
    }),
  }));
}

function loadFont(path: string): Promise<{ bytes: Buffer; font: FontkitFont }> {
  let loaded = fonts.get(path);
  if (!loaded) {
    loaded = Promise.all([readFile(path), import('@pdf-lib/fontkit')]).then(([bytes, { default: kit }]) => ({ bytes, font: kit.create(bytes) }));
    loaded.catch(() => fonts.delete(path));
    fonts.set(path, loaded);
  }
  return loaded;
}

function startsRightToLeft(text: string): boolean {
  const strong = /[\p{L}]/u.exec(text)?.[0];
  return strong !== undefined && /[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(strong);
}

// Exports pdfLines: the text lines a PDF page draws, read back the way a PDF reader extracts them.
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';

/** A font's codes → text: the ToUnicode CMap of an embedded (Type0) font, or WinAnsi for a standard one. */
interface FontDecoder {
  bytesPerCode: 1 | 2;
  map: Map<number, string> | null;
}

/**
 * Every line of the first page, top to bottom, each the pieces drawn at one height joined left to
 * right. Pieces in embedded fonts are decoded through their ToUnicode CMap (as a reader copies text),
 * so a glyph the CMap cannot name comes back as U+FFFD and a `.notdef` glyph (code 0) as U+0000:
 * both fail an equality check on the expected text.
 */
export async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const page = pdf.getPage(0);
  const fonts = new Map<string, FontDecoder>();
  const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  for (const [name, ref] of fontDict?.entries() ?? []) {
    const font = pdf.context.lookup(ref, PDFDict);
    const toUnicode = font.get(PDFName.of('ToUnicode'));
    const stream = toUnicode instanceof PDFRef ? pdf.context.lookup(toUnicode) : null;
    fonts.set(name.asString(), stream instanceof PDFRawStream ? { bytesPerCode: 2, map: readCMap(streamText(stream)) } : { bytesPerCode: 1, map: null });
  }
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  const pieces: { y: number; x: number; text: string }[] = [];
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) continue;
    let font: FontDecoder = { bytesPerCode: 1, map: null };
    let at = { x: 0, y: 0 };
    let operands: string[] = [];
    for (const token of streamText(stream).match(/<[0-9A-Fa-f]*>|\/[^\s/<>[\]()]+|[^\s/<>[\]()]+/g) ?? []) {
      if (!/^[A-Za-z*'"]+$/.test(token)) {
        operands.push(token);
        continue;
      }
      if (token === 'Tf') font = fonts.get(operands[0]!) ?? font;
      if (token === 'Tm') at = { x: Number(operands[4]), y: Number(operands[5]) };
      if (token === 'Tj') pieces.push({ ...at, text: decode(font, operands[0]!.slice(1, -1)) });
      operands = [];
    }
  }
  const lines = new Map<number, { x: number; text: string }[]>();
  for (const piece of pieces) lines.set(Math.round(piece.y), [...(lines.get(Math.round(piece.y)) ?? []), piece]);
  return [...lines.entries()].sort(([a], [b]) => b - a).map(([, line]) => line.sort((a, b) => a.x - b.x).map((piece) => piece.text).join(''));
}

function streamText(stream: PDFRawStream): string {
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
}

function decode(font: FontDecoder, hex: string): string {
  const bytes = Buffer.from(hex, 'hex');
  if (!font.map) return new TextDecoder('windows-1252').decode(bytes);
  let text = '';
  for (let index = 0; index < bytes.length; index += 2) {
    const code = bytes.readUInt16BE(index);
    text += code === 0 ? '\u0000' : (font.map.get(code) ?? '\uFFFD');
  }
  return text;
}

/** `bfchar` and `bfrange` entries of a ToUnicode CMap (UTF-16BE destinations). */
function readCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(Number.parseInt(code!, 16), utf16(text!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, start] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      for (let code = Number.parseInt(from!, 16), next = Number.parseInt(start!, 16); code <= Number.parseInt(to!, 16); code += 1, next += 1) {
        map.set(code, String.fromCodePoint(next));
      }
    }
  }
  return map;
}

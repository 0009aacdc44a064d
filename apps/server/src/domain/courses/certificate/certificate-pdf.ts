// Exports renderCertificatePdf: the certificate of completion as a one-page PDF, made with pdf-lib.
import type { PDFFont, RGB } from 'pdf-lib';
import { fontFile, fontRuns, type CertificateWeight } from './certificate-fonts.ts';
import type { CourseCertificate } from './course-certificate.ts';

/** A4 landscape, in points. */
const PAGE = { width: 842, height: 595 } as const;
const MARGIN = 64;

/** A line of text as drawn: one piece per font, left to right. */
type Line = { text: string; font: PDFFont }[];

/**
 * The certificate: the student's name, the course, the store and the completion date in the store's
 * time zone. Text the PDF standard fonts can draw (Western European, WinAnsi) is drawn with them
 * (nothing embedded); a name, title or store name with any other character is drawn whole with
 * embedded subsets of the Noto fonts (certificate-fonts.ts: Latin, Cyrillic, Greek, Arabic, Chinese),
 * and a character none of them has is drawn as "?".
 */
export async function renderCertificatePdf(certificate: CourseCertificate): Promise<Uint8Array> {
  // pdf-lib and fontkit (about 6 MB of heap) load with the first certificate, not at start-up.
  const [{ PDFDocument, rgb, StandardFonts }, { default: fontkit }] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]);
  const INK = rgb(0.09, 0.11, 0.16);
  const MUTED = rgb(0.35, 0.38, 0.45);
  const ACCENT = rgb(0.31, 0.27, 0.9);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const [serif, serifBold, sans] = await Promise.all([pdf.embedFont(StandardFonts.TimesRoman), pdf.embedFont(StandardFonts.TimesRomanBold), pdf.embedFont(StandardFonts.Helvetica)]);
  const embedded = new Map<string, Promise<PDFFont>>();
  const embed = (path: string) => {
    let font = embedded.get(path);
    if (!font) {
      font = fontFile(path).then((bytes) => pdf.embedFont(bytes, { subset: true }));
      embedded.set(path, font);
    }
    return font;
  };
  /** The standard font when it draws every character, else the Noto runs of that weight. */
  const lineOf = async (text: string, standard: PDFFont, weight: CertificateWeight): Promise<Line> => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (drawable(standard, clean) === clean) return [{ text: clean, font: standard }];
    return Promise.all((await fontRuns(clean, weight)).map(async (run) => ({ text: run.text, font: await embed(run.path) })));
  };
  const completedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: certificate.timeZone }).format(certificate.completedAt);
  pdf.setTitle(`Certificate of completion: ${certificate.courseTitle.replace(/\s+/g, ' ').trim()}`);
  pdf.setAuthor(certificate.storeName.replace(/\s+/g, ' ').trim());
  pdf.setCreator('Shopfront');
  pdf.setCreationDate(certificate.completedAt);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  page.drawRectangle({ x: 24, y: 24, width: PAGE.width - 48, height: PAGE.height - 48, borderColor: ACCENT, borderWidth: 2 });
  page.drawRectangle({ x: 32, y: 32, width: PAGE.width - 64, height: PAGE.height - 64, borderColor: ACCENT, borderWidth: 0.5 });
  const centred = async (text: string, standard: PDFFont, weight: CertificateWeight, size: number, y: number, color: RGB = INK) => {
    const fitted = fit(await lineOf(text, standard, weight), size, standard);
    let x = (PAGE.width - widthOf(fitted.line, fitted.size)) / 2;
    for (const piece of fitted.line) {
      page.drawText(piece.text, { x, y, size: fitted.size, font: piece.font, color });
      x += piece.font.widthOfTextAtSize(piece.text, fitted.size);
    }
  };
  await centred('CERTIFICATE OF COMPLETION', sans, 400, 14, 470, ACCENT);
  await centred('This certifies that', serif, 400, 18, 410, MUTED);
  await centred(certificate.studentName, serifBold, 700, 40, 350);
  await centred('has completed the course', serif, 400, 18, 300, MUTED);
  await centred(certificate.courseTitle, serifBold, 700, 28, 250);
  await centred(`Completed on ${completedOn}`, sans, 400, 13, 170, MUTED);
  await centred(certificate.storeName, sans, 400, 15, 110);
  return pdf.save({ useObjectStreams: false });
}

/** The text with every character the font cannot draw replaced by "?". */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((char) => (known.has(char.codePointAt(0)!) ? char : '?')).join('');
}

function widthOf(line: Line, size: number): number {
  return line.reduce((sum, piece) => sum + piece.font.widthOfTextAtSize(piece.text, size), 0);
}

/**
 * Shrinks a long line down to 60 % of its size, then cuts it and ends it with an ellipsis drawn in
 * `standard` (every font here may not have one), to stay inside the margins.
 */
function fit(line: Line, size: number, standard: PDFFont): { line: Line; size: number } {
  const room = PAGE.width - 2 * MARGIN;
  for (let next = size; next >= size * 0.6; next -= 1) if (widthOf(line, next) <= room) return { line, size: next };
  const small = Math.ceil(size * 0.6);
  const ellipsis = { text: '…', font: standard };
  const cut = line.map((piece) => ({ ...piece }));
  while (cut.length > 0 && widthOf([...cut, ellipsis], small) > room) {
    const last = cut.at(-1)!;
    last.text = [...last.text].slice(0, -1).join('').trimEnd();
    if (last.text === '') cut.pop();
  }
  return { line: [...cut, ellipsis], size: small };
}

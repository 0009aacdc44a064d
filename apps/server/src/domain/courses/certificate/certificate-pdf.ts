// Exports renderCertificatePdf: the certificate of completion as a one-page PDF, made with pdf-lib.
import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import type { CourseCertificate } from './course-certificate.ts';

/** A4 landscape, in points. */
const PAGE = { width: 842, height: 595 } as const;
const MARGIN = 64;
const INK = rgb(0.09, 0.11, 0.16);
const MUTED = rgb(0.35, 0.38, 0.45);
const ACCENT = rgb(0.31, 0.27, 0.9);

/**
 * The certificate: the student's name, the course, the store and the completion date in the store's
 * time zone. Fonts are PDF standard fonts (nothing fetched, nothing embedded from disk); they cover
 * Western European text (WinAnsi), so a character outside it is drawn as "?" rather than failing.
 */
export async function renderCertificatePdf(certificate: CourseCertificate): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const [serif, serifBold, sans] = await Promise.all([pdf.embedFont(StandardFonts.TimesRoman), pdf.embedFont(StandardFonts.TimesRomanBold), pdf.embedFont(StandardFonts.Helvetica)]);
  const completedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: certificate.timeZone }).format(certificate.completedAt);
  pdf.setTitle(`Certificate of completion: ${drawable(sans, certificate.courseTitle)}`);
  pdf.setAuthor(drawable(sans, certificate.storeName));
  pdf.setCreator('Shopfront');
  pdf.setCreationDate(certificate.completedAt);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  page.drawRectangle({ x: 24, y: 24, width: PAGE.width - 48, height: PAGE.height - 48, borderColor: ACCENT, borderWidth: 2 });
  page.drawRectangle({ x: 32, y: 32, width: PAGE.width - 64, height: PAGE.height - 64, borderColor: ACCENT, borderWidth: 0.5 });
  const centred = (text: string, font: PDFFont, size: number, y: number, color = INK) => {
    const line = fit(font, drawable(font, text), size);
    page.drawText(line.text, { x: (PAGE.width - font.widthOfTextAtSize(line.text, line.size)) / 2, y, size: line.size, font, color });
  };
  centred('CERTIFICATE OF COMPLETION', sans, 14, 470, ACCENT);
  centred('This certifies that', serif, 18, 410, MUTED);
  centred(certificate.studentName, serifBold, 40, 350);
  centred('has completed the course', serif, 18, 300, MUTED);
  centred(certificate.courseTitle, serifBold, 28, 250);
  centred(`Completed on ${completedOn}`, sans, 13, 170, MUTED);
  centred(certificate.storeName, sans, 15, 110);
  return pdf.save({ useObjectStreams: false });
}

/** The text with every character the font cannot draw replaced by "?". */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/\s+/g, ' ').trim()].map((char) => (known.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/** Shrinks a long line down to 60 % of its size, then cuts it with an ellipsis, to stay inside the margins. */
function fit(font: PDFFont, text: string, size: number): { text: string; size: number } {
  const room = PAGE.width - 2 * MARGIN;
  for (let next = size; next >= size * 0.6; next -= 1) if (font.widthOfTextAtSize(text, next) <= room) return { text, size: next };
  const small = Math.ceil(size * 0.6);
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, small) > room) cut = cut.slice(0, -1);
  return { text: `${cut.trimEnd()}…`, size: small };
}

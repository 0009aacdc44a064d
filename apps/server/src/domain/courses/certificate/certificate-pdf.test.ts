import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfLines } from '#src/testing/pdf-text.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';

const base = { courseTitle: 'Print at Home', storeName: 'Inkwell School', completedAt: new Date('2030-06-01T12:00:00.000Z'), timeZone: 'UTC' };
const render = async (fields: Partial<typeof base> & { studentName: string }) => Buffer.from(await renderCertificatePdf({ ...base, ...fields }));

/** The names of the fonts the page uses (`/BaseFont`): pdf-lib names an embedded subset after its font, `NotoSerif-Bold-2708`. */
async function fontNames(bytes: Buffer): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const fonts = pdf.getPage(0).node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  return fonts.entries().map(([, ref]) => String(pdf.context.lookup(ref, PDFDict).get(PDFName.of('BaseFont'))).replace(/^\//, ''));
}

describe('the certificate PDF', () => {
  it('draws a Western European name with the standard fonts, embedding nothing', async () => {
    const pdf = await render({ studentName: 'Zoë Ångström' });
    expect(await pdfLines(pdf)).toEqual(['CERTIFICATE OF COMPLETION', 'This certifies that', 'Zoë Ångström', 'has completed the course', 'Print at Home', 'Completed on June 1, 2030', 'Inkwell School']);
    expect(new Set(await fontNames(pdf))).toEqual(new Set(['Helvetica', 'Times-Bold', 'Times-Roman']));
  });

  // Arabic is stored in drawing order (right to left), as PDF text is: a reader reorders it.
  it.each([
    ['Łukasz Żółć', 'Łukasz Żółć'],
    ['王小明', '王小明'],
    ['Дмитрий Шостакович', 'Дмитрий Шостакович'],
    ['محمد', [...'محمد'].reverse().join('')],
    ['Nguyễn Thị Ánh', 'Nguyễn Thị Ánh'],
    ['Ελένη', 'Ελένη'],
  ])('draws “%s” with embedded Noto glyphs, every character readable back', async (name, drawn) => {
    const pdf = await render({ studentName: name });
    const lines = await pdfLines(pdf);
    expect(lines[2]).toBe(drawn);
    expect(lines).toContain('Print at Home');
    expect((await fontNames(pdf)).some((font) => font.startsWith('Noto'))).toBe(true);
  });

  it('draws a course title and store name in other scripts too, and a character no font has as "?"', async () => {
    const lines = await pdfLines(await render({ studentName: 'Ada', courseTitle: 'Керамика для начинающих', storeName: '陶艺工作室 🏺' }));
    expect(lines).toEqual(['CERTIFICATE OF COMPLETION', 'This certifies that', 'Ada', 'has completed the course', 'Керамика для начинающих', 'Completed on June 1, 2030', '陶艺工作室 ?']);
  });

  it('shrinks, then cuts a very long name in another script with an ellipsis', async () => {
    const lines = await pdfLines(await render({ studentName: '王'.repeat(80) }));
    expect(lines[2]).toMatch(/^王+…$/);
    expect(lines[2]!.length).toBeLessThan(80);
  });
});

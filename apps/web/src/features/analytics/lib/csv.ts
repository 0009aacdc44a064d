import { downloadText } from '#src/lib/download-text.ts';

/** One CSV cell value: text, or a number written as is. */
export type CsvValue = string | number;

/**
 * RFC 4180 quoting, and OWASP's CSV-injection guard: text a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) gets a leading apostrophe, as the server's
 * exports do.
 */
export function csvCell(value: CsvValue): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header line and one line per row, CRLF-separated. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Saves text as a .csv file in the browser (no server round trip: the rows are on screen). */
export function downloadCsv(fileName: string, csv: string): void {
  downloadText(fileName, csv, 'text/csv;charset=utf-8');
}

/** A file name part: "Top products" → "top-products". */
export const slugPart = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

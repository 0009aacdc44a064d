const NEEDS_QUOTES = /[",\n\r]/;

/**
 * One CSV line (with its `\n`) exactly as csv-stringify writes it with its defaults: a cell with a
 * comma, a quote or a line break is quoted, its quotes doubled. Written by hand for the order export:
 * 100,000 records through csv-stringify's object stream cost seconds of CPU (docs/selling.md "At
 * 100,000 orders"); a page of records is joined into one string and written at once.
 */
export function csvRecord(cells: readonly string[]): string {
  let line = '';
  for (let index = 0; index < cells.length; index++) {
    const cell = cells[index]!;
    if (index > 0) line += ',';
    line += NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  }
  return `${line}\n`;
}

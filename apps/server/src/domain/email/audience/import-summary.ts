import type { ImportRow } from '@shopfront/core';

export interface ImportSummary {
  totalRows: number;
  create: number;
  update: number;
  /** Rows not imported: errors and repeated addresses (so create + update + skip = totalRows). */
  skip: number;
  errors: number;
}

/** The counts the preview shows and the import answers. */
export function importSummary(rows: readonly Pick<ImportRow, 'outcome' | 'error'>[]): ImportSummary {
  const summary: ImportSummary = { totalRows: rows.length, create: 0, update: 0, skip: 0, errors: 0 };
  for (const row of rows) {
    summary[row.outcome] += 1;
    if (row.error !== null) summary.errors += 1;
  }
  return summary;
}

import type { ImportRow } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { importSummary, type ImportSummary } from './import-summary.ts';
import { parseContactCsv } from './parse-contact-csv.ts';
import { planContactImport } from './plan-contact-import.ts';

/** Rows the preview lists: the first few, then every row with an error or a note, up to this many. */
const PREVIEW_ROWS_MAX = 200;
const PREVIEW_FIRST_ROWS = 20;

/**
 * What importing the file would do, writing nothing. Consent is shown as it would be with the
 * creator's confirmation that the file's consent column is real opt-in.
 */
export async function previewContactImport(db: Executor, options: { storeId: string; csv: string }): Promise<{ summary: ImportSummary; rows: ImportRow[] }> {
  const contacts = parseContactCsv(options.csv);
  const planned = await planContactImport(db, { storeId: options.storeId, contacts, consentConfirmed: true });
  const rows = planned.map((entry) => entry.row);
  const shown = rows.filter((row, index) => index < PREVIEW_FIRST_ROWS || row.error !== null || row.note !== null).slice(0, PREVIEW_ROWS_MAX);
  return { summary: importSummary(rows), rows: shown };
}

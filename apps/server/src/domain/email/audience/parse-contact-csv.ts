import {
  AppError,
  COMMERCE_LIMITS,
  COMMERCE_MESSAGES,
  CustomerTagSchema,
  EMAIL_LIMITS,
  EMAIL_MESSAGES,
  EmailSchema,
  MESSAGES,
  PERSON_NAME_MAX_LENGTH,
} from '@shopfront/core';
import { CsvError, parse } from 'csv-parse/sync';
import { cleanTags } from '#src/domain/customers/customer-query.ts';

/** One data row of an import file, checked on its own (line = the file's line number). */
export interface ParsedContact {
  line: number;
  email: string;
  name: string;
  tags: string[];
  /** The file's consent column: null when the column is missing or the cell is empty. */
  consent: boolean | null;
  error: string | null;
}

const COLUMNS: Record<string, 'email' | 'name' | 'tags' | 'consent'> = {
  email: 'email',
  'e-mail': 'email',
  'email address': 'email',
  name: 'name',
  'full name': 'name',
  tags: 'tags',
  tag: 'tags',
  consent: 'consent',
  'marketing consent': 'consent',
  marketing_consent: 'consent',
};

const CONSENT_VALUES: Record<string, boolean> = { yes: true, y: true, true: true, '1': true, no: false, n: false, false: false, '0': false };

/**
 * Reads an import file with csv-parse: a header row naming the columns (email required; name,
 * tags, consent optional; other columns ignored), then one contact per row. The delimiter is the
 * header's comma, tab or semicolon. Tags are separated by `;` or `|`. Whole-file problems (too
 * large, over `importRowsMax` rows, no email column, no rows, not CSV) are refusals; a bad row is
 * an error on that row only.
 */
export function parseContactCsv(csv: string): ParsedContact[] {
  if (Buffer.byteLength(csv, 'utf8') > EMAIL_LIMITS.importBytesMax) throw new AppError('invalid-argument', EMAIL_MESSAGES.importTooLarge);
  const text = csv.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes(',') ? ',' : firstLine.includes('\t') ? '\t' : firstLine.includes(';') ? ';' : ',';
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // The header, the allowed rows and one more: enough to know the file is too long.
      to: EMAIL_LIMITS.importRowsMax + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) throw new AppError('invalid-argument', EMAIL_MESSAGES.importUnreadable, { line: error.lines });
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw new AppError('invalid-argument', EMAIL_MESSAGES.importEmpty);
  const positions = new Map<'email' | 'name' | 'tags' | 'consent', number>();
  header.record.forEach((cell, index) => {
    const column = COLUMNS[cell.trim().toLowerCase()];
    if (column && !positions.has(column)) positions.set(column, index);
  });
  if (!positions.has('email')) throw new AppError('invalid-argument', EMAIL_MESSAGES.importNoEmailColumn);
  if (rows.length === 0) throw new AppError('invalid-argument', EMAIL_MESSAGES.importEmpty);
  if (rows.length > EMAIL_LIMITS.importRowsMax) throw new AppError('invalid-argument', EMAIL_MESSAGES.importTooManyRows);
  const cell = (record: string[], column: 'email' | 'name' | 'tags' | 'consent') => {
    const index = positions.get(column);
    return index === undefined ? '' : (record[index] ?? '').trim();
  };
  return rows.map(({ record, info }) => readRow(info.lines, {
    email: cell(record, 'email'),
    name: cell(record, 'name'),
    tags: cell(record, 'tags'),
    consent: cell(record, 'consent'),
  }));
}

function readRow(line: number, cells: { email: string; name: string; tags: string; consent: string }): ParsedContact {
  const row: ParsedContact = { line, email: cells.email, name: cells.name.replace(/\s+/g, ' '), tags: [], consent: null, error: null };
  const email = EmailSchema.safeParse(cells.email);
  if (!email.success) return { ...row, error: MESSAGES.validation.invalidEmail };
  row.email = email.data;
  if (row.name.length > PERSON_NAME_MAX_LENGTH) return { ...row, error: COMMERCE_MESSAGES.nameTooLong };
  const tags = cleanTags(cells.tags.split(/[;|]/));
  for (const tag of tags) {
    const checked = CustomerTagSchema.safeParse(tag);
    if (!checked.success) return { ...row, error: checked.error.issues[0]?.message ?? COMMERCE_MESSAGES.tagTooLong };
  }
  if (tags.length > COMMERCE_LIMITS.tagsMax) return { ...row, error: COMMERCE_MESSAGES.tooManyTags };
  row.tags = tags;
  if (cells.consent) {
    const consent = CONSENT_VALUES[cells.consent.toLowerCase()];
    if (consent === undefined) return { ...row, error: EMAIL_MESSAGES.importConsentInvalid };
    row.consent = consent;
  }
  return row;
}

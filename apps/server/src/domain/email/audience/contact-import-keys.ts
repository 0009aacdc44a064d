// Exports the import keys (claimImportKey, recordImportSummary): one module because both read and
// write the same row, inside the import's own transaction.
import { AppError, EMAIL_MESSAGES } from '@shopfront/core';
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Transaction } from '#src/db/executor.ts';
import { contactImports } from '#src/db/schema/index.ts';
import type { ImportSummary } from './import-summary.ts';

const KEY_KEPT_MS = 24 * 60 * 60 * 1000;
const PENDING: ImportSummary = { totalRows: 0, create: 0, update: 0, skip: 0, errors: 0 };

interface ImportKey {
  storeId: string;
  importKey: string;
  csv: string;
  now: Date;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Claims the key for this import, first thing in its transaction: null when the import is new (go
 * on), or the summary of the import already made under this key. A second call while the first is
 * still running waits on the key's row until the first commits (and gets its summary) or rolls
 * back (and imports itself). The same key with another file is refused. Keys older than a day go.
 */
export async function claimImportKey(tx: Transaction, key: ImportKey): Promise<ImportSummary | null> {
  await tx.delete(contactImports).where(and(eq(contactImports.storeId, key.storeId), lt(contactImports.createdAt, new Date(key.now.getTime() - KEY_KEPT_MS))));
  const hash = sha256(key.csv);
  const [claimed] = await tx
    .insert(contactImports)
    .values({ storeId: key.storeId, importKey: key.importKey, csvSha256: hash, summary: PENDING, createdAt: key.now })
    .onConflictDoNothing()
    .returning({ importKey: contactImports.importKey });
  if (claimed) return null;
  const [earlier] = await tx
    .select()
    .from(contactImports)
    .where(and(eq(contactImports.storeId, key.storeId), eq(contactImports.importKey, key.importKey)));
  if (!earlier) throw new AppError('aborted', EMAIL_MESSAGES.importKeyReused);
  if (earlier.csvSha256 !== hash) throw new AppError('invalid-argument', EMAIL_MESSAGES.importKeyReused);
  return earlier.summary;
}

export async function recordImportSummary(tx: Transaction, key: ImportKey, summary: ImportSummary): Promise<void> {
  await tx
    .update(contactImports)
    .set({ summary })
    .where(and(eq(contactImports.storeId, key.storeId), eq(contactImports.importKey, key.importKey)));
}

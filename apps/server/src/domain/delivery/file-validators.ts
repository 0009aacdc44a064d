// Exports the validators of a delivered file (fileValidators, ifRangeMatches): one module because
// If-Range compares against exactly what the download answered.
import type { ProductFileRow } from '#src/db/schema/index.ts';

export interface FileValidators {
  /** Strong: the file's id, size and content hash, so it changes whenever the stored bytes could. */
  etag: string;
  lastModified: string;
}

/** Derived from the stored file, never from the download token (every link of a file shares it). */
export function fileValidators(file: Pick<ProductFileRow, 'id' | 'sizeBytes' | 'sha256' | 'createdAt'>): FileValidators {
  return {
    etag: `"${file.id}-${file.sizeBytes}-${file.sha256.slice(0, 16)}"`,
    lastModified: file.createdAt.toUTCString(),
  };
}

/**
 * RFC 9110 §13.1.5: a Range applies only when If-Range names the current representation, by
 * strong ETag (a weak one never matches) or by the exact Last-Modified date. No If-Range: applies.
 */
export function ifRangeMatches(ifRange: string | undefined, validators: FileValidators): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"')) return value === validators.etag;
  if (value.startsWith('W/')) return false;
  return value === validators.lastModified;
}

import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (ARCHITECTURE "Files": local disk by default, S3-compatible later).
 * Keys are `<storeId>/<name>`: built by the server, never taken from a client path.
 */
export interface FileStorage {
  /** Writes the whole file; readers never see a half-written one. */
  put(key: string, body: Buffer): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Removes every file under `<prefix>/` (a deleted store's files). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Streams a file in without holding it in memory (product files run to hundreds of MB). Readers
   * never see a half-written file; when `body` fails, nothing is stored and the error is rethrown.
   */
  putStream(key: string, body: Readable): Promise<StoredFile>;
  /**
   * Null when there is no such file. The caller must consume or destroy the stream. With `range`
   * (inclusive byte offsets, within the file) only those bytes are read: a resumed download
   * never reads, nor downloads from S3, what the buyer already has. `sizeBytes` is the whole file's.
   */
  getStream(key: string, range?: ByteRange): Promise<{ stream: Readable; sizeBytes: number } | null>;
  /** The files directly under `<prefix>/`, not those in its sub-folders; empty when there are none. */
  list(prefix: string): Promise<ListedFile[]>;
}

/** Inclusive byte offsets, like HTTP's `bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored file's full key and when it was last written (the upload clean-up's grace period). */
export interface ListedFile {
  key: string;
  modifiedAt: Date;
}

/** What was stored: its size and hex SHA-256, computed while streaming. */
export interface StoredFile {
  sizeBytes: number;
  sha256: string;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/;

/** Refuses anything but plain segments: no `..`, no leading dot, no absolute or empty parts. */
export function assertSafeKey(key: string): string[] {
  const segments = key.split('/');
  if (segments.length === 0 || segments.some((segment) => !SEGMENT.test(segment) || segment.includes('..'))) {
    throw new Error(`unsafe file key: ${JSON.stringify(key)}`);
  }
  return segments;
}

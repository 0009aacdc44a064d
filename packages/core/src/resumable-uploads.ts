/**
 * Resumable uploads (docs/selling.md "Product files", decision 048): the tus 1.0 protocol at
 * `RESUMABLE_UPLOAD_PATH`. A creation (`POST`) names what the file is for in its Upload-Metadata
 * with these keys; the server checks them, keeps its own copy and ignores any other key.
 */
export const RESUMABLE_UPLOAD_PATH = '/api/uploads/resumable';

/** What an upload becomes when its last byte arrives. */
export const RESUMABLE_UPLOAD_KINDS = ['productFile', 'lessonVideo', 'lessonFile'] as const;
export type ResumableUploadKind = (typeof RESUMABLE_UPLOAD_KINDS)[number];

/** The Upload-Metadata keys a creation sends (tus: base64 values, which tus-js-client encodes). */
export interface ResumableUploadMetadata {
  kind: ResumableUploadKind;
  storeId: string;
  /** The product's id for a product file, the lesson's for a lesson video or file. */
  parentId: string;
  /** The file's name as the creator's device has it (shown to buyers, never a storage path). */
  filename: string;
  /** The browser's guess of the type; the server decides what it stores. */
  filetype: string;
}

export function isResumableUploadKind(value: unknown): value is ResumableUploadKind {
  return typeof value === 'string' && (RESUMABLE_UPLOAD_KINDS as readonly string[]).includes(value);
}

/** The refusals only a resumable upload has; the size, owner and product ones are the single-request route's. */
export const RESUMABLE_UPLOAD_MESSAGES = {
  /** An id that is unknown, expired, finished or another creator's: all answer the same. */
  notFound: 'This upload is no longer available. Choose the file again to upload it.',
  lengthRequired: 'The file size must be given when the upload starts.',
} as const;

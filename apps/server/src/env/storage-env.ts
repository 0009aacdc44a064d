import { z } from 'zod';

/**
 * File storage (ARCHITECTURE "Files"): local disk under DATA_DIR/files by default, or an
 * S3-compatible bucket when FILE_STORAGE=s3 (AWS, MinIO, R2…).
 */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());
const text = unsetIfEmpty(z.string().trim().min(1).max(2048));

export const STORAGE_ENV_SHAPE = {
  FILE_STORAGE: unsetIfEmpty(z.enum(['disk', 's3'])),
  S3_BUCKET: text,
  S3_REGION: text,
  /** For S3-compatible services (MinIO, R2); absent: AWS. */
  S3_ENDPOINT: unsetIfEmpty(z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL' })),
  S3_ACCESS_KEY_ID: text,
  S3_SECRET_ACCESS_KEY: text,
  S3_FORCE_PATH_STYLE: unsetIfEmpty(z.enum(['true', 'false'])),
  /** Largest product file accepted, in bytes (default 512 MiB). */
  PRODUCT_FILE_MAX_BYTES: unsetIfEmpty(z.coerce.number().int().min(1024).max(5 * 1024 ** 3)),
};

export type StorageEnv = z.output<z.ZodObject<typeof STORAGE_ENV_SHAPE>>;

export function checkStorageEnv(env: Partial<Record<keyof StorageEnv, unknown>>, ctx: z.RefinementCtx): void {
  if (env.FILE_STORAGE !== 's3') return;
  for (const name of ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when FILE_STORAGE=s3` });
  }
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | null;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface StorageConfig {
  kind: 'disk' | 's3';
  s3: S3Config | null;
  productFileMaxBytes: number;
}

export const DEFAULT_PRODUCT_FILE_MAX_BYTES = 512 * 1024 * 1024;

export function storageConfigFromEnv(raw: StorageEnv): StorageConfig {
  const s3 =
    raw.FILE_STORAGE === 's3' && raw.S3_BUCKET && raw.S3_REGION && raw.S3_ACCESS_KEY_ID && raw.S3_SECRET_ACCESS_KEY
      ? {
          bucket: raw.S3_BUCKET,
          region: raw.S3_REGION,
          endpoint: raw.S3_ENDPOINT ?? null,
          accessKeyId: raw.S3_ACCESS_KEY_ID,
          secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
          forcePathStyle: raw.S3_FORCE_PATH_STYLE === 'true',
        }
      : null;
  return { kind: s3 ? 's3' : 'disk', s3, productFileMaxBytes: raw.PRODUCT_FILE_MAX_BYTES ?? DEFAULT_PRODUCT_FILE_MAX_BYTES };
}

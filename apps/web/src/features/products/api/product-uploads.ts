import { AppError, ProductSchema, type Product } from '@shopfront/core';
import { resumableUpload, type UploadFor } from '#src/lib/resumable-upload.ts';
import { uploadImage, type UploadHandle } from '#src/lib/upload.ts';

export const productFileTarget = (storeId: string, productId: string): UploadFor => ({ kind: 'productFile', storeId, parentId: productId });

export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
/** The server's words (apps/server/src/http/uploads.ts), so a refusal reads the same before and after sending. */
export const COVER_MESSAGES = { notImage: 'Please upload a PNG, JPEG, WebP or GIF image.', tooLarge: 'Images must be 5 MB or smaller.' } as const;

/** Checked in the browser before sending; the server checks again (the bytes, not the name). */
export function coverProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (!(COVER_TYPES as readonly string[]).includes(file.type)) return COVER_MESSAGES.notImage;
  if (file.size > COVER_MAX_BYTES) return COVER_MESSAGES.tooLarge;
  return null;
}

/** One product file, resumable (decision 048), answered with the updated product. */
export function uploadProductFile(
  storeId: string,
  productId: string,
  file: File,
  onProgress: (fraction: number) => void,
  onRetrying?: (retrying: boolean) => void,
): UploadHandle<Product> {
  return resumableUpload({
    file,
    target: productFileTarget(storeId, productId),
    onProgress,
    ...(onRetrying ? { onRetrying } : {}),
    read: (body) => {
      const parsed = ProductSchema.safeParse(body);
      if (!parsed.success) throw new AppError('internal');
      return parsed.data;
    },
  });
}

/** `POST /api/stores/:storeId/images`: a cover image, resized by the server; answers its URL. */
export function uploadCoverImage(storeId: string, file: File, onProgress: (fraction: number) => void): UploadHandle<{ url: string }> {
  return uploadImage(`/api/stores/${encodeURIComponent(storeId)}/images`, file, onProgress);
}

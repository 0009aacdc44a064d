import { uploadImage, type UploadHandle } from '#src/lib/upload.ts';

/** The same route, types and limit as product covers (`POST /api/stores/:storeId/images`). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The server's words (apps/server/src/http/routes/uploads), so a refusal reads the same before and after sending. */
export const IMAGE_MESSAGES = { notImage: 'Please upload a PNG, JPEG, WebP or GIF image.', tooLarge: 'Images must be 5 MB or smaller.' } as const;

/** Checked in the browser before sending; the server checks the bytes again. */
export function imageProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_MESSAGES.notImage;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}

export function uploadWebsiteImage(storeId: string, file: File, onProgress: (fraction: number) => void): UploadHandle<{ url: string }> {
  return uploadImage(`/api/stores/${encodeURIComponent(storeId)}/images`, file, onProgress);
}

import { uploadImage, type UploadHandle } from '#src/lib/upload.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** The server's words (apps/server uploads), so a refusal reads the same before and after sending. */
export const AVATAR_MESSAGES = {
  tooLarge: 'Images must be 2 MB or smaller.',
  notImage: 'Please upload a PNG, JPEG, WebP or GIF image.',
} as const;

/** Checked in the browser before sending; the server checks again (and the bytes, not the name). */
export function avatarProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return AVATAR_MESSAGES.notImage;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_MESSAGES.tooLarge;
  return null;
}

/**
 * `POST /api/stores/:storeId/avatar` with the image as the body, with progress (lib/upload.ts).
 * Failures become AppErrors with the server's message.
 */
export function uploadAvatar(storeId: string, file: File, onProgress: (fraction: number) => void): UploadHandle<{ url: string }> {
  return uploadImage(`/api/stores/${encodeURIComponent(storeId)}/avatar`, file, onProgress);
}

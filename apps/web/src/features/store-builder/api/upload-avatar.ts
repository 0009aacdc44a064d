import { AppError, decodeResponse } from '@shopfront/core';

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

export interface UploadHandle {
  promise: Promise<{ url: string }>;
  abort: () => void;
}

/**
 * `POST /api/stores/:storeId/avatar` with the image as the body. XMLHttpRequest rather than fetch:
 * only XHR reports upload progress. Failures become AppErrors with the server's message.
 */
export function uploadAvatar(storeId: string, file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<{ url: string }>((resolve, reject) => {
    xhr.open('POST', `/api/stores/${encodeURIComponent(storeId)}/avatar`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', file.type);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        if (xhr.status >= 200 && xhr.status < 300) {
          const body = JSON.parse(xhr.responseText) as { url?: unknown };
          if (typeof body.url === 'string') return resolve({ url: body.url });
          throw new AppError('internal');
        }
        decodeResponse(xhr.status, xhr.responseText);
        reject(new AppError('internal'));
      } catch (error) {
        reject(error instanceof AppError ? error : new AppError('internal'));
      }
    };
    xhr.onerror = () => reject(new AppError('unavailable'));
    xhr.onabort = () => reject(new AppError('cancelled', 'Upload cancelled'));
    xhr.send(file);
  });
  return { promise, abort: () => xhr.abort() };
}

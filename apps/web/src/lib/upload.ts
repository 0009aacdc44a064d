import { AppError, decodeResponse } from '@shopfront/core';

export interface UploadHandle<T> {
  promise: Promise<T>;
  abort: () => void;
  /** A resumable upload only: stops sending but keeps what the server has (the page is left), so picking the file again resumes. */
  pause?: () => void;
}

interface UploadRequest<T> {
  method: 'PUT' | 'POST';
  url: string;
  body: File;
  headers: Record<string, string>;
  onProgress: (fraction: number) => void;
  /** Reads a 2xx answer; throws when it is not what the route promises. */
  read: (body: unknown) => T;
}

/**
 * A raw-body upload with XMLHttpRequest (only XHR reports upload progress), same-origin with the
 * session cookie. Refusals become AppErrors with the server's message; abort rejects `cancelled`.
 */
export function upload<T>({ method, url, body, headers, onProgress, read }: UploadRequest<T>): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        if (xhr.status >= 200 && xhr.status < 300) return resolve(read(JSON.parse(xhr.responseText)));
        decodeResponse(xhr.status, xhr.responseText);
        reject(new AppError('internal'));
      } catch (error) {
        reject(error instanceof AppError ? error : new AppError('internal'));
      }
    };
    xhr.onerror = () => reject(new AppError('unavailable'));
    xhr.onabort = () => reject(new AppError('cancelled', 'Upload cancelled'));
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}

/** `POST url` with an image as the body (store picture, product cover), answered with `{ url }`. */
export function uploadImage(url: string, file: File, onProgress: (fraction: number) => void): UploadHandle<{ url: string }> {
  return upload({
    method: 'POST',
    url,
    body: file,
    headers: { 'Content-Type': file.type },
    onProgress,
    read: (body) => {
      const answer = (body as { url?: unknown } | null)?.url;
      if (typeof answer !== 'string') throw new AppError('internal');
      return { url: answer };
    },
  });
}

/** True for the rejection of an upload the creator cancelled. */
export function isCancelled(error: unknown): boolean {
  return error instanceof AppError && error.code === 'cancelled';
}

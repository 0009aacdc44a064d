// Exports the tus requests the resumable-upload tests make (tusClient): one module because the disk and S3 tests share them.
import { RESUMABLE_UPLOAD_PATH, type ResumableUploadMetadata } from '@shopfront/core';
import type { FastifyInstance } from 'fastify';

const TUS = { 'tus-resumable': '1.0.0' };

/** Test metadata may carry anything a client could send, an unknown kind included. */
type AnyMetadata = Partial<Omit<ResumableUploadMetadata, 'kind'>> & { kind?: string } & Record<string, string>;

export const encodeMetadata = (metadata: AnyMetadata) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** The requests tus-js-client sends, through `inject`, as a signed-in creator (`headers`: their credentials). */
export function tusClient(app: FastifyInstance) {
  return {
    create: (headers: Record<string, string>, length: number | null, metadata: AnyMetadata) =>
      app.inject({
        method: 'POST',
        url: RESUMABLE_UPLOAD_PATH,
        headers: { ...TUS, ...headers, ...(length === null ? {} : { 'upload-length': String(length) }), 'upload-metadata': encodeMetadata(metadata) },
      }),
    patch: (headers: Record<string, string>, location: string, offset: number, body: Buffer) =>
      app.inject({
        method: 'PATCH',
        url: location,
        headers: { ...TUS, ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        payload: body,
      }),
    head: (headers: Record<string, string>, location: string) => app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...headers } }),
    remove: (headers: Record<string, string>, location: string) => app.inject({ method: 'DELETE', url: location, headers: { ...TUS, ...headers } }),
  };
}

import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Enough of the S3 REST API, path style, for the calls files/s3-storage.ts and @tus/s3-store make — objects (with their
 * `x-amz-meta-*` metadata, HEAD included), multipart uploads (ListParts and ListMultipartUploads included), ListObjectsV2
 * (two keys a page, `/` as the only delimiter) and DeleteObjects. Signatures are not checked; each request is recorded (a
 * ranged GET as `GET key range=a-b`).
 */
export interface S3StandIn {
  endpoint: string;
  objects: Map<string, Buffer>;
  /** When each object was last written; tests may move it back in time. */
  modifiedAt: Map<string, Date>;
  requests: string[];
  /** The server's environment for FILE_STORAGE=s3 on this bucket (any keys: signatures are not checked). */
  storageEnv: Record<string, string>;
  /** Multipart uploads not completed or aborted yet. */
  openUploads: () => number;
  close: () => Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>${body}`;
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const PAGE = 2;

export async function startS3StandIn(bucket: string): Promise<S3StandIn> {
  const objects = new Map<string, Buffer>();
  const modifiedAt = new Map<string, Date>();
  const metadataOf = new Map<string, Record<string, string>>();
  const store = (key: string, body: Buffer, metadata: Record<string, string> = {}) => {
    objects.set(key, body);
    modifiedAt.set(key, new Date());
    metadataOf.set(key, metadata);
  };
  const lastModified = (key: string) => `<LastModified>${(modifiedAt.get(key) ?? new Date()).toISOString()}</LastModified>`;
  const uploads = new Map<string, { key: string; parts: Map<number, Buffer>; initiated: Date }>();
  const requests: string[] = [];

  const server: Server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<unknown> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = await readBody(request);
    const [, bucketName, ...keyParts] = url.pathname.split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    const query = url.searchParams;
    const names = [...query.keys()].filter((name) => name !== 'x-id');
    requests.push(`${request.method} ${key || '(bucket)'}${names.length ? `?${names.join('&')}` : ''}${request.headers.range ? ` range=${request.headers.range.replace(/^bytes=/, '')}` : ''}`);
    const send = (status: number, payload = '', headers: Record<string, string> = {}): unknown =>
      response.writeHead(status, { 'content-type': 'application/xml', ...headers }).end(payload);
    if (bucketName !== bucket) return send(404, xml('<Error><Code>NoSuchBucket</Code></Error>'));

    if (!key && request.method === 'GET' && query.get('list-type') === '2') {
      const prefix = query.get('prefix') ?? '';
      const inSubFolder = (name: string) => query.get('delimiter') === '/' && name.slice(prefix.length).includes('/');
      const keys = [...objects.keys()].filter((name) => name.startsWith(prefix) && !inSubFolder(name)).sort();
      // Like S3, the token says where the next page starts, whatever was deleted meanwhile.
      const after = query.get('continuation-token') ?? '';
      const rest = keys.filter((name) => name > after);
      const page = rest.slice(0, PAGE);
      const truncated = rest.length > PAGE;
      return send(
        200,
        xml(
          `<ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
            `<IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : ''}` +
            page.map((name) => `<Contents><Key>${escapeXml(name)}</Key>${lastModified(name)}<Size>${objects.get(name)!.length}</Size></Contents>`).join('') +
            '</ListBucketResult>',
        ),
      );
    }
    if (!key && request.method === 'POST' && query.has('delete')) {
      const keys = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]!);
      for (const name of keys) {
        objects.delete(name);
        modifiedAt.delete(name);
        metadataOf.delete(name);
      }
      return send(200, xml('<DeleteResult></DeleteResult>'));
    }
    if (!key && request.method === 'GET' && query.has('uploads')) {
      const open = [...uploads].map(([id, upload]) => `<Upload><Key>${escapeXml(upload.key)}</Key><UploadId>${id}</UploadId><Initiated>${upload.initiated.toISOString()}</Initiated></Upload>`);
      return send(200, xml(`<ListMultipartUploadsResult><Bucket>${bucket}</Bucket>${open.join('')}<IsTruncated>false</IsTruncated></ListMultipartUploadsResult>`));
    }
    if (request.method === 'POST' && query.has('uploads')) {
      const uploadId = randomUUID();
      uploads.set(uploadId, { key, parts: new Map(), initiated: new Date() });
      return send(200, xml(`<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`));
    }
    const uploadId = query.get('uploadId');
    if (uploadId) {
      const upload = uploads.get(uploadId);
      if (!upload) return send(404, xml('<Error><Code>NoSuchUpload</Code></Error>'));
      if (request.method === 'GET') {
        const parts = [...upload.parts].sort(([a], [b]) => a - b);
        const listed = parts.map(([number, part]) => `<Part><PartNumber>${number}</PartNumber><ETag>"${createHash('md5').update(part).digest('hex')}"</ETag><Size>${part.length}</Size></Part>`);
        return send(200, xml(`<ListPartsResult><Bucket>${bucket}</Bucket><Key>${escapeXml(upload.key)}</Key><UploadId>${uploadId}</UploadId>${listed.join('')}<IsTruncated>false</IsTruncated></ListPartsResult>`));
      }
      if (request.method === 'PUT') {
        upload.parts.set(Number(query.get('partNumber')), body);
        return send(200, '', { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      }
      if (request.method === 'POST') {
        const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) => Number(match[1]));
        store(upload.key, Buffer.concat(numbers.map((number) => upload.parts.get(number)!)));
        uploads.delete(uploadId);
        return send(200, xml(`<CompleteMultipartUploadResult><Key>${escapeXml(upload.key)}</Key><ETag>"x"</ETag></CompleteMultipartUploadResult>`));
      }
      if (request.method === 'DELETE') {
        uploads.delete(uploadId);
        return send(204);
      }
    }
    if (request.method === 'PUT') {
      store(key, body, metadataHeaders(request));
      return send(200, '', { etag: `"${createHash('md5').update(body).digest('hex')}"` });
    }
    if (request.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) return response.writeHead(404).end();
      response.writeHead(200, { 'content-length': String(object.length), ...metaHeaders(key) }).end();
      return;
    }
    if (request.method === 'GET') {
      const object = objects.get(key);
      if (!object) return send(404, xml('<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>'));
      // One `bytes=a-b` range, as files/s3-storage.ts asks for (S3 answers 206 with Content-Range).
      const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(Number(range[2]), object.length - 1);
        if (start >= object.length) return send(416, xml('<Error><Code>InvalidRange</Code></Error>'));
        const part = object.subarray(start, end + 1);
        response
          .writeHead(206, { 'content-type': 'application/octet-stream', 'content-length': String(part.length), 'content-range': `bytes ${start}-${end}/${object.length}` })
          .end(part);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(object.length), ...metaHeaders(key) }).end(object);
      return;
    }
    if (request.method === 'DELETE') {
      objects.delete(key);
      modifiedAt.delete(key);
      metadataOf.delete(key);
      return send(204);
    }
    send(405, xml('<Error><Code>MethodNotAllowed</Code></Error>'));
  }

  const metaHeaders = (key: string) => Object.fromEntries(Object.entries(metadataOf.get(key) ?? {}).map(([name, value]) => [`x-amz-meta-${name}`, value]));

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    storageEnv: {
      FILE_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
      S3_FORCE_PATH_STYLE: 'true',
    },
    objects,
    modifiedAt,
    requests,
    openUploads: () => uploads.size,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An object's user metadata, as S3 keeps it from the `x-amz-meta-*` headers of its PUT. */
function metadataHeaders(request: IncomingMessage): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.startsWith('x-amz-meta-') && typeof value === 'string') found[name.slice('x-amz-meta-'.length)] = value;
  }
  return found;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// Exports rawBodyUploads (and limitBytes): the frame shared by routes that take a file as the raw request body.
import { Readable, Transform } from 'node:stream';
import { AppError } from '@shopfront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FileStorage, StoredFile } from '#src/files/file-storage.ts';
import { sendError } from '#src/http/callable/callable-reply.ts';
import { toWireFailure } from '#src/http/callable/to-wire-error.ts';

/** Answered with 413. */
class FileTooLargeError extends AppError {}

/**
 * Sets up `app` (a plugin scope of its own) for uploads whose body is the file itself, in any
 * Content-Type, never buffered: a refusal before or while reading closes the connection rather
 * than wait for the rest, and a file over `maxBytes` answers 413 with `tooLarge`'s message and
 * the limit. `assertDeclaredSize` refuses a Content-Length over the limit before a byte is read;
 * `stream` stores the body under `key` with the limit applied as it flows.
 */
export function rawBodyUploads(app: FastifyInstance, options: { maxBytes: number; tooLargeMessage: string }) {
  const { maxBytes } = options;
  const tooLarge = () => new FileTooLargeError('invalid-argument', options.tooLargeMessage, { limitBytes: maxBytes });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.setErrorHandler((error, request, reply) => {
    if (!request.raw.readableEnded) reply.header('connection', 'close');
    if (error instanceof FileTooLargeError) return sendError(request, reply, error, 413);
    const failure = toWireFailure(error, request.log, maxBytes);
    return sendError(request, reply, failure.error, failure.httpStatus);
  });
  return {
    assertDeclaredSize(request: FastifyRequest): void {
      if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
    },
    /** A client that went away answers `cancelled`; a file over the limit, 413. */
    async stream(request: FastifyRequest, files: FileStorage, key: string): Promise<StoredFile> {
      const body = request.body instanceof Readable ? request.body : request.raw;
      try {
        return await files.putStream(key, limitBytes(body, maxBytes, tooLarge));
      } catch (error) {
        throw error instanceof FileTooLargeError ? error : request.raw.destroyed ? new AppError('cancelled') : error;
      }
    },
  };
}

/** The body, failing as soon as it passes `maxBytes` (a missing or false Content-Length cannot sneak past). */
export function limitBytes(body: Readable, maxBytes: number, tooLarge: () => Error): Readable {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(tooLarge());
      else done(null, chunk);
    },
  });
  body.on('error', (error) => limiter.destroy(error));
  // A client that goes away mid-upload must not leave the storage write waiting forever.
  body.on('close', () => {
    if (!body.readableEnded) limiter.destroy(new Error('upload aborted'));
  });
  return body.pipe(limiter);
}

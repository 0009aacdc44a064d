import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PurgeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/**
 * A CDN purge endpoint on loopback (a generic purge URL or Cloudflare's API): records every
 * request and answers with `answer` (default: Cloudflare's `{"success": true}`).
 */
export async function startPurgeStandIn() {
  const requests: PurgeRequest[] = [];
  let answer: (request: PurgeRequest) => { status: number; body: unknown } = () => ({ status: 200, body: { success: true, errors: [], messages: [], result: { id: 'purge' } } });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: PurgeRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: text ? (JSON.parse(text) as unknown) : null,
      };
      requests.push(recorded);
      const { status, body } = answer(recorded);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** What the next requests are answered. */
    answerWith(next: typeof answer) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

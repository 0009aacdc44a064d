import { request } from 'node:http';

export interface HttpAnswer {
  status: number;
  /** Lower-case names; a header sent twice is joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  text: string;
}

/** A GET over a real socket, with any header (fetch cannot set Host, which custom domains need). No decompression. */
export function httpGet(url: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const answer: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) answer[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        const body = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, headers: answer, body, text: body.toString('utf8') });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { signUpCreator } from '../lib/creator.ts';
import { callFunction, startServer } from '../lib/server.ts';
import type { Scenario } from './types.ts';

/**
 * The resumable-download drill (docs/selling.md "Delivery"): a buyer downloads a 512 MiB product
 * file, the connection drops halfway, and the download resumes with `Range` + `If-Range`. The
 * SHA-256 of the two parts together must equal the uploaded file's; the server's RSS is sampled
 * every 50 ms throughout (upload, first half, resume) and its peak printed, to show the file is
 * streamed, never held in memory. Runs its own server so it can read /proc/<pid>/status.
 */
const FILE_BYTES = Number(process.env.BENCH_DOWNLOAD_MB ?? 512) * 1024 * 1024;
const BLOCK = 64 * 1024;

/** Deterministic, incompressible bytes: block i is SHA-256 chained from i, so nothing is kept. */
function fileBody(): Readable {
  let sent = 0;
  let counter = 0;
  return new Readable({
    read() {
      if (sent >= FILE_BYTES) return void this.push(null);
      const block = Buffer.allocUnsafe(Math.min(BLOCK, FILE_BYTES - sent));
      for (let offset = 0; offset < block.length; offset += 32) {
        createHash('sha256').update(String(counter++)).digest().copy(block, offset);
      }
      sent += block.length;
      this.push(block);
    },
  });
}

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
}

function upload(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { ...headers, 'content-length': String(FILE_BYTES) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    fileBody().pipe(req);
  });
}

/** Streams the download into `hash`; with `stopAfter`, drops the connection once that many bytes came. */
function download(url: string, hash: ReturnType<typeof createHash>, options: { headers?: Record<string, string>; stopAfter?: number } = {}) {
  return new Promise<{ status: number; bytes: number; etag: string | undefined; contentRange: string | undefined }>((resolve, reject) => {
    let bytes = 0;
    const req = request(url, { headers: options.headers }, (res) => {
      const done = () => resolve({ status: res.statusCode ?? 0, bytes, etag: res.headers.etag, contentRange: res.headers['content-range'] });
      res.on('data', (chunk: Buffer) => {
        const take = options.stopAfter ? Math.min(chunk.length, options.stopAfter - bytes) : chunk.length;
        hash.update(chunk.subarray(0, take));
        bytes += take;
        if (options.stopAfter && bytes >= options.stopAfter) {
          req.destroy();
          done();
        }
      });
      res.on('end', done);
      res.on('error', (error) => (options.stopAfter && bytes >= options.stopAfter ? undefined : reject(error)));
    });
    req.on('error', (error) => (options.stopAfter && bytes >= options.stopAfter ? undefined : reject(error)));
    req.end();
  });
}

async function receiptAccessUrl(baseUrl: string, email: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const messages = (await (await fetch(`${baseUrl}/debug/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
    const link = messages.map((message) => /https?:\/\/\S+\/api\/downloads\/[A-Za-z0-9_.-]+/.exec(message.text)?.[0]).find(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no receipt arrived for ${email}`);
}

export const resumableDownload: Scenario = {
  name: 'resumable-download',
  async run() {
    const server = await startServer();
    const pid = server.pid!;
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 50);
    try {
      const idle = rssMb(pid);
      const email = `bench-download-${Date.now()}@example.com`;
      await signUpCreator(server.url, server.publicUrl, email, 'bench-password-4821');
      const origin = { origin: server.publicUrl };
      const signIn = (await callFunction(server.url, 'signInWithPassword', { email, password: 'bench-password-4821' }, origin)) as { idToken: string };
      const auth = { ...origin, authorization: `Bearer ${signIn.idToken}` };
      const store = (await callFunction(server.url, 'createStoreWithTenant', { storeName: 'Bench Downloads', slug: `bench-dl-${Date.now() % 100000}` }, auth)) as { id: string };
      const product = (await callFunction(server.url, 'createProduct', { storeId: store.id, type: 'lead-magnet', title: 'Big sample pack', priceMode: 'free' }, auth)) as { id: string };

      const expected = createHash('sha256');
      await new Promise<void>((resolve, reject) => fileBody().on('data', (chunk: Buffer) => expected.update(chunk)).on('end', resolve).on('error', reject));
      const expectedHash = expected.digest('hex');
      const uploadStarted = performance.now();
      const uploaded = await upload(`${server.url}/api/stores/${store.id}/products/${product.id}/files`, {
        ...auth,
        'x-file-name': 'sample-pack.zip',
        'content-type': 'application/zip',
      });
      if (uploaded !== 201) throw new Error(`file upload answered ${uploaded}`);
      const uploadSeconds = (performance.now() - uploadStarted) / 1000;
      const peakAfterUpload = peak;
      await callFunction(server.url, 'updateProduct', { storeId: store.id, productId: product.id, status: 'published' }, auth);

      const buyer = `bench-buyer-${Date.now()}@example.com`;
      await callFunction(server.url, 'createCheckout', { storeId: store.id, productId: product.id, name: 'Bench Buyer', email: buyer, idempotencyKey: `dl-${Date.now()}` });
      const access = new URL(await receiptAccessUrl(server.url, buyer));
      const page = await (await fetch(`${server.url}${access.pathname}`)).text();
      const filePath = /\/api\/downloads\/file\/[A-Za-z0-9_.-]+/.exec(page)?.[0];
      if (!filePath) throw new Error('the access page lists no file link');
      const fileUrl = `${server.url}${filePath}`;

      peak = rssMb(pid);
      const got = createHash('sha256');
      const downloadStarted = performance.now();
      const first = await download(fileUrl, got, { stopAfter: Math.floor(FILE_BYTES / 2) });
      const rest = await download(fileUrl, got, { headers: { range: `bytes=${first.bytes}-`, 'if-range': first.etag ?? '' } });
      const downloadSeconds = (performance.now() - downloadStarted) / 1000;
      const gotHash = got.digest('hex');
      const identical = gotHash === expectedHash && first.bytes + rest.bytes === FILE_BYTES;

      const mib = FILE_BYTES / 1024 / 1024;
      console.log(`\n## Resumable download drill (${mib} MiB file, connection dropped at ${Math.round(first.bytes / 1024 / 1024)} MiB)\n`);
      console.log(`- upload: ${uploadSeconds.toFixed(1)} s (${(mib / uploadSeconds).toFixed(0)} MiB/s); first part: ${first.status}, ${first.bytes} bytes, ETag ${first.etag}`);
      console.log(`- resume: ${rest.status} ${rest.contentRange}, ${rest.bytes} bytes; both parts in ${downloadSeconds.toFixed(1)} s (${(mib / downloadSeconds).toFixed(0)} MiB/s)`);
      console.log(`- SHA-256 uploaded ${expectedHash}\n- SHA-256 received ${gotHash} → ${identical ? 'IDENTICAL' : 'DIFFERENT'}`);
      console.log(`- server RSS: ${idle} MB idle; peak ${peakAfterUpload} MB during the upload; peak ${peak} MB during the download and resume; VmHWM ${rssMb(pid, 'VmHWM')} MB`);
      if (!identical || rest.status !== 206) throw new Error('the resumed download is not the uploaded file');
      return { title: `Resumable download drill (${mib} MiB): numbers above, no throughput rows`, rows: [] };
    } finally {
      clearInterval(sampler);
      await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  },
};

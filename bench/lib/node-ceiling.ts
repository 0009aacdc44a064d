import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './nginx.ts';

/** A Node http server that does nothing but `writeHead` + `end` with fixed bytes: no routing, no app. */
const SCRIPT = `
const http = require('node:http');
const { body, headers } = JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8'));
const bytes = Buffer.from(body, 'base64');
const head = [...headers, 'content-length', String(bytes.length)];
const server = http.createServer((request, response) => { response.writeHead(200, head); response.end(bytes); });
// The server's socket timers (apps/server/src/http/server-timeouts.ts): one 72 s idle timer per
// connection, no keep-alive timer, so the ceiling spends on them what the server spends.
server.keepAliveTimeout = 0;
server.timeout = 72000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/** Per-connection and per-body headers Node adds or we add per reply. */
const SKIP = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * The ceiling for any Node server on this machine: node:http answering every request with the
 * same bytes and the same headers as the storefront, from memory, with no other work. Our server
 * can approach it, never pass it. `nodeFlags`: V8 flags to run it with (the server's, to tell
 * what they cost from what the server's own code costs).
 */
export async function startNodeCeiling(body: Buffer, headers: Record<string, string | string[] | undefined>, nodeFlags: readonly string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'shopfront-bench-node-'));
  const input = join(dir, 'reply.json');
  const list = Object.entries(headers).flatMap(([name, value]) => (value === undefined || SKIP.has(name) ? [] : [name, String(value)]));
  writeFileSync(input, JSON.stringify({ body: body.toString('base64'), headers: list }));
  const child = spawn(process.execPath, [...nodeFlags, '-e', SCRIPT, input], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`node ceiling server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One answer as the wire carries it: the encoded body (Node's fetch would decode gzip) and the
 * headers, to hand to `startNodeCeiling` or nginx.
 */
export function rawReply(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ body: Buffer.concat(chunks), headers: response.headers as Record<string, string> }));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Calls to identity providers: a timeout on every request (a slow provider must not hold a
 * request open), a size cap on what we read, and no redirects followed.
 */
export const PROVIDER_TIMEOUT_MS = 10_000;
export const MAX_PROVIDER_RESPONSE_BYTES = 512 * 1024;

export type FetchFn = typeof fetch;

export class ProviderHttpError extends Error {
  override name = 'ProviderHttpError';
  constructor(
    readonly url: string,
    readonly status: number | null,
    message: string,
  ) {
    super(`${message} (${new URL(url).host}${new URL(url).pathname}${status === null ? '' : `, HTTP ${status}`})`);
  }
}

export interface FetchJsonOptions {
  fetch?: FetchFn;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** GET a JSON document; anything but a 200 with a JSON body is an error. */
export async function fetchJson(url: string, options: FetchJsonOptions = {}): Promise<unknown> {
  const fetchFn = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetchFn(url, {
      headers: { accept: 'application/json', 'user-agent': 'Shopfront', ...options.headers },
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderHttpError(url, null, (error as Error).name === 'TimeoutError' ? 'timed out' : 'request failed');
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    throw new ProviderHttpError(url, response.status, 'unexpected status');
  }
  const text = await readCapped(response, url);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderHttpError(url, response.status, 'response is not JSON');
  }
}

async function readCapped(response: Response, url: string): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_PROVIDER_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new ProviderHttpError(url, response.status, 'response is too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** For calls made inside arctic, which takes no AbortSignal: give up waiting after `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number = PROVIDER_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

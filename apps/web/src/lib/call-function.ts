import {
  AppError,
  decodeResponse,
  FUNCTION_TIMEOUT_MS,
  MIRRORED_READ_FUNCTIONS,
  type FunctionInput,
  type FunctionName,
  type FunctionOutput,
} from '@shopfront/core';
import { clientConfig } from './env.ts';
import type { RegionRouter } from './region.ts';

/** The nearest region gets this long before the lookup moves on to us-central. */
export const NEAREST_REGION_TIMEOUT_MS = 5_000;

const MIRRORED: ReadonlySet<string> = new Set(MIRRORED_READ_FUNCTIONS);

export interface CallOptions {
  signal?: AbortSignal;
  /** Tests shorten it; the product uses spec §9's 70 s. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** Where mirrored store reads go; defaults to the page's client config, null: the page's origin only. */
  regions?: RegionRouter | null;
}

/**
 * The callable protocol's browser half (spec §7): POST `/fn/{name}` with `{data}`, the session
 * cookie included. Every failure becomes an AppError whose message the UI shows as is.
 * In two regions the public store reads go to the nearest region first (lib/region.ts).
 */
export async function callFunction<N extends FunctionName>(
  name: N,
  data: FunctionInput<N>,
  options: CallOptions = {},
): Promise<FunctionOutput<N>> {
  // Synchronous unless the region router must load: a call starts as soon as it is made.
  const router = options.regions !== undefined ? options.regions : nearestFirst(name) ? await defaultRegionRouter() : null;
  const origins = router ? await router.originsFor(name, data) : null;
  if (!router || !origins) {
    const { status, text } = await post(`/fn/${name}`, 'include', data, options, options.timeoutMs ?? FUNCTION_TIMEOUT_MS);
    return decodeResponse(status, text) as FunctionOutput<N>;
  }
  return (await callNearestFirst(name, data, origins, router.pageOrigin, options)) as FunctionOutput<N>;
}

/**
 * Whether this call may go to the nearest region: a mirrored store read when the platform runs in
 * two regions. Only then does the region router's module (the country and time-zone tables) load:
 * the dashboard's calls never need it.
 */
function nearestFirst(name: string): boolean {
  if (!MIRRORED.has(name)) return false;
  const regions = clientConfig().regions;
  return Boolean(regions?.sydney && regions['us-central']);
}

async function defaultRegionRouter(): Promise<RegionRouter | null> {
  return (await import('./region.ts')).defaultRegionRouter();
}

/**
 * Spec §4/§8: each origin in turn, the last one (us-central) with the caller's full timeout. An
 * earlier region that is down, slow, failing (5xx) or has no such store yet (replication lag: a
 * null answer or not-found) passes the call on; its other answers (a bad input…) are final.
 */
async function callNearestFirst(name: string, data: unknown, origins: string[], pageOrigin: string, options: CallOptions): Promise<unknown> {
  const fullTimeout = options.timeoutMs ?? FUNCTION_TIMEOUT_MS;
  for (const [index, origin] of origins.entries()) {
    const last = index === origins.length - 1;
    // Another region's origin gets no cookie: these reads are public (server CORS allows any origin without credentials).
    const [url, credentials] = origin === pageOrigin ? [`/fn/${name}`, 'include' as const] : [`${origin}/fn/${name}`, 'omit' as const];
    try {
      const { status, text } = await post(url, credentials, data, options, last ? fullTimeout : Math.min(NEAREST_REGION_TIMEOUT_MS, fullTimeout));
      if (!last && status >= 500) continue;
      const result = decodeResponse(status, text);
      if (!last && result === null) continue;
      return result;
    } catch (error) {
      if (!last && error instanceof AppError && PASS_ON.has(error.code)) continue;
      throw error;
    }
  }
  throw new AppError('unavailable');
}

const PASS_ON: ReadonlySet<string> = new Set(['unavailable', 'deadline-exceeded', 'not-found']);

/** One POST; a network failure, the timeout or the caller's abort become AppErrors. */
async function post(
  url: string,
  credentials: RequestCredentials,
  data: unknown,
  options: CallOptions,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  const { signal, fetchImpl = fetch } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      credentials,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ data: data ?? null }),
      signal: controller.signal,
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    if (timedOut) throw new AppError('deadline-exceeded');
    if (signal?.aborted) throw new AppError('cancelled');
    throw new AppError('unavailable', undefined, { cause: String(error) });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

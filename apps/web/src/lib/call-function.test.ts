import { AppError, FUNCTION_TIMEOUT_MS } from '@shopfront/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callFunction, NEAREST_REGION_TIMEOUT_MS } from './call-function.ts';
import { createRegionRouter } from './region.ts';

const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

afterEach(() => vi.useRealTimers());

describe('callFunction (spec §7 callable protocol)', () => {
  it('POSTs {data} as JSON to /fn/{name} with the session cookie and returns the result', async () => {
    const fetchImpl = vi.fn(async () => jsonResponse(200, { result: null }));
    await expect(callFunction('lookupStore', { by: 'slug', slug: 'cozy-mugs' }, { fetchImpl })).resolves.toBeNull();
    expect(fetchImpl).toHaveBeenCalledWith(
      '/fn/lookupStore',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: JSON.stringify({ data: { by: 'slug', slug: 'cozy-mugs' } }),
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('throws the server error as an AppError with its code and message', async () => {
    const fetchImpl = async () => jsonResponse(409, { error: { status: 'ALREADY_EXISTS', message: 'A store with this name already exists' } });
    const call = callFunction('getPlatformStatus', {}, { fetchImpl });
    await expect(call).rejects.toBeInstanceOf(AppError);
    await expect(callFunction('getPlatformStatus', {}, { fetchImpl })).rejects.toMatchObject({
      code: 'already-exists',
      message: 'A store with this name already exists',
    });
  });

  it('turns a network failure into unavailable', async () => {
    const fetchImpl = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(callFunction('getPlatformStatus', {}, { fetchImpl })).rejects.toMatchObject({
      code: 'unavailable',
      message: 'Service temporarily unavailable. Please try again.',
    });
  });

  it('gives up after the timeout with deadline-exceeded, and not before', async () => {
    vi.useFakeTimers();
    let aborted = false;
    const fetchImpl = (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    const call = callFunction('getPlatformStatus', {}, { fetchImpl });
    const outcome = expect(call).rejects.toMatchObject({ code: 'deadline-exceeded', message: 'Request timed out. Please try again.' });
    await vi.advanceTimersByTimeAsync(FUNCTION_TIMEOUT_MS - 1);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(FUNCTION_TIMEOUT_MS).toBe(70_000);
  });

  it('reports a body that is not JSON', async () => {
    const fetchImpl = async () => new Response('<html>', { status: 200 });
    await expect(callFunction('getPlatformStatus', {}, { fetchImpl })).rejects.toMatchObject({
      code: 'internal',
      message: 'Response is not valid JSON object.',
    });
  });
});

describe('callFunction in two regions (spec §4: nearest region first, then us-central)', () => {
  const US = 'http://us.shop.test';
  const SYDNEY = 'http://syd.shop.test';
  const STORE = { id: 'sto_1', slug: 'cozy-mugs', name: 'Cozy Mugs' };
  const LOOKUP = { by: 'slug', slug: 'cozy-mugs' } as const;

  type Answer = Response | Error | 'hang';
  /**
   * A network where the currency service answers with a country from a trusted header, and each
   * `/fn` URL gives its queued answers in turn. `sent` lists [url, credentials] of every call.
   */
  function network(country: string, answers: Record<string, Answer[]>) {
    const sent: [string, RequestCredentials | undefined][] = [];
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/currency')) return jsonResponse(200, { success: true, country, source: 'header' });
      sent.push([url, init?.credentials]);
      const answer = answers[url]?.shift() ?? new Error(`no answer for ${url}`);
      if (answer === 'hang') {
        return new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const regions = createRegionRouter({ urls: { 'us-central': US, sydney: SYDNEY }, pageOrigin: US, fetchImpl, timeZone: () => null });
    return { sent, options: { fetchImpl, regions } };
  }

  const found = () => jsonResponse(200, { result: STORE });
  const nothing = () => jsonResponse(200, { result: null });
  const failure = (status: number, wire: string) => jsonResponse(status, { error: { status: wire, message: 'Server says no.' } });

  it('answers from the nearest region alone when it has the store, without cookies', async () => {
    const { sent, options } = network('AU', { [`${SYDNEY}/fn/lookupStore`]: [found()] });
    await expect(callFunction('lookupStore', LOOKUP, options)).resolves.toEqual(STORE);
    expect(sent).toEqual([[`${SYDNEY}/fn/lookupStore`, 'omit']]);
  });

  it.each([
    ['a network error', () => new TypeError('Failed to fetch')],
    ['a 500', () => failure(500, 'INTERNAL')],
    ['a 503', () => failure(503, 'UNAVAILABLE')],
    ['no store yet (null)', nothing],
  ])('tries us-central after %s from the nearest region', async (_case, answer) => {
    const { sent, options } = network('AU', { [`${SYDNEY}/fn/lookupStore`]: [answer()], '/fn/lookupStore': [found()] });
    await expect(callFunction('lookupStore', LOOKUP, options)).resolves.toEqual(STORE);
    expect(sent).toEqual([
      [`${SYDNEY}/fn/lookupStore`, 'omit'],
      ['/fn/lookupStore', 'include'],
    ]);
  });

  it('tries us-central when the nearest region has no such published page yet', async () => {
    const page = { slug: 'about' };
    const { sent, options } = network('AU', {
      [`${SYDNEY}/fn/getPublishedWebsitePage`]: [failure(404, 'NOT_FOUND')],
      '/fn/getPublishedWebsitePage': [jsonResponse(200, { result: page })],
    });
    await expect(callFunction('getPublishedWebsitePage', { slug: 'cozy-mugs', pageSlug: 'about' }, options)).resolves.toEqual(page);
    expect(sent.map(([url]) => url)).toEqual([`${SYDNEY}/fn/getPublishedWebsitePage`, '/fn/getPublishedWebsitePage']);
  });

  it("keeps the nearest region's refusal of a bad input (a 4xx other than not-found)", async () => {
    const { sent, options } = network('AU', { [`${SYDNEY}/fn/lookupStore`]: [failure(400, 'INVALID_ARGUMENT')] });
    await expect(callFunction('lookupStore', LOOKUP, options)).rejects.toMatchObject({ code: 'invalid-argument', message: 'Server says no.' });
    expect(sent).toHaveLength(1);
  });

  it("gives us-central's answer as final: null when neither region has the store, its error when both are down", async () => {
    const none = network('AU', { [`${SYDNEY}/fn/lookupStore`]: [nothing()], '/fn/lookupStore': [nothing()] });
    await expect(callFunction('lookupStore', LOOKUP, none.options)).resolves.toBeNull();
    const down = network('AU', { [`${SYDNEY}/fn/lookupStore`]: [new TypeError('down')], '/fn/lookupStore': [new TypeError('down')] });
    await expect(callFunction('lookupStore', LOOKUP, down.options)).rejects.toMatchObject({ code: 'unavailable' });
    expect(down.sent).toHaveLength(2);
  });

  it('gives the nearest region 5 s before trying us-central, and not less', async () => {
    vi.useFakeTimers();
    const { sent, options } = network('AU', { [`${SYDNEY}/fn/lookupStore`]: ['hang'], '/fn/lookupStore': [found()] });
    const call = callFunction('lookupStore', LOOKUP, options);
    await vi.advanceTimersByTimeAsync(NEAREST_REGION_TIMEOUT_MS - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toEqual(STORE);
    expect(sent.map(([url]) => url)).toEqual([`${SYDNEY}/fn/lookupStore`, '/fn/lookupStore']);
  });

  it('stops when the caller cancels, without trying us-central', async () => {
    const controller = new AbortController();
    const { sent, options } = network('AU', { [`${SYDNEY}/fn/lookupStore`]: ['hang'], '/fn/lookupStore': [found()] });
    const call = callFunction('lookupStore', LOOKUP, { ...options, signal: controller.signal });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'cancelled' });
    expect(sent).toHaveLength(1);
  });

  it('makes one call, on the page origin with the cookie, when us-central is nearest', async () => {
    const { sent, options } = network('US', { '/fn/lookupStore': [nothing()] });
    await expect(callFunction('lookupStore', LOOKUP, options)).resolves.toBeNull();
    expect(sent).toEqual([['/fn/lookupStore', 'include']]);
  });

  it('leaves an owner preview and every other function on the page origin, with the cookie', async () => {
    const { sent, options } = network('AU', { '/fn/getStorefront': [nothing()], '/fn/getPlatformStatus': [jsonResponse(200, { result: {} })] });
    await callFunction('getStorefront', { slug: 'cozy-mugs', preview: true }, options);
    await callFunction('getPlatformStatus', {}, options);
    expect(sent).toEqual([
      ['/fn/getStorefront', 'include'],
      ['/fn/getPlatformStatus', 'include'],
    ]);
    expect(options.fetchImpl.mock.calls.some(([url]) => String(url).startsWith('/api/currency'))).toBe(false);
  });

  it('asks the currency service once for many lookups', async () => {
    const { options } = network('AU', { [`${SYDNEY}/fn/lookupStore`]: [found(), found(), found()] });
    await Promise.all([1, 2, 3].map(() => callFunction('lookupStore', LOOKUP, options)));
    expect(options.fetchImpl.mock.calls.filter(([url]) => String(url).startsWith('/api/currency'))).toHaveLength(1);
  });

  it('falls back to us-central alone when detection fails', async () => {
    const { sent, options } = network('AU', { '/fn/lookupStore': [found()] });
    const regions = createRegionRouter({
      urls: { 'us-central': US, sydney: SYDNEY },
      pageOrigin: US,
      fetchImpl: options.fetchImpl,
      timeZone: () => {
        throw new RangeError('no Intl');
      },
    });
    await expect(callFunction('lookupStore', LOOKUP, { ...options, regions })).resolves.toEqual(STORE);
    expect(sent).toEqual([['/fn/lookupStore', 'include']]);
  });
});

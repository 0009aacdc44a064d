import { ERROR_CODES, HTTP_STATUS_BY_CODE, MESSAGES, wireStatusForCode } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_ALLOWED_ORIGIN, testEnv } from '#src/testing/test-env.ts';
import { SECRET_DETAIL, testOnlyFunctions } from '#src/testing/test-functions.ts';
import { CALLABLE_MESSAGES } from './callable.ts';
import { BODY_TOO_LARGE_MESSAGE } from './to-wire-error.ts';
import { callFunction } from '#src/testing/call-function.ts';

const FIXED_NOW = new Date('2030-01-02T03:04:05.000Z');
const ERROR_CODES_BUT_OK = ERROR_CODES.filter((code) => code !== 'ok');

describe('callable protocol', () => {
  const logs = captureLogs();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ extraFunctions: testOnlyFunctions, logger: logs.logger, now: () => FIXED_NOW });
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });

  it('answers {"result": …} for {"data": …}', async () => {
    const response = await callFunction(t.app, 'testFunction', { echo: { hello: 'world' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ result: { ok: true, echo: { hello: 'world' }, serverTime: FIXED_NOW.toISOString() } });
  });

  it('serves the firebase SDK route /{projectId}/{region}/{name}', async () => {
    const response = await post('/demo-project/us-central1/testFunction', '{"data":null}');
    expect(response.statusCode).toBe(200);
    expect(response.json().result.ok).toBe(true);
  });

  it.each(ERROR_CODES_BUT_OK)('sends %s with its HTTP status, error.status and message', async (code) => {
    const message = `Message for ${code}.`;
    const response = await callFunction(t.app, 'testOnlyThrowAppError', { code, message });
    expect(response.statusCode).toBe(HTTP_STATUS_BY_CODE[code]);
    expect(response.json()).toEqual({ error: { status: wireStatusForCode(code), message } });
  });

  it('treats an AppError with code "ok" as a bug: 500 INTERNAL', async () => {
    const response = await callFunction(t.app, 'testOnlyThrowAppError', { code: 'ok', message: 'fine?' });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.status).toBe('INTERNAL');
  });

  it('accepts application/json with a charset', async () => {
    const response = await post('/fn/testFunction', '{"data":{}}', { 'content-type': 'application/json; charset=utf-8' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
    ['no content type', ''],
  ])('refuses %s with 400 INVALID_ARGUMENT, even for an unknown name', async (_label, contentType) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/fn/anything',
      headers: contentType ? { 'content-type': contentType } : {},
      payload: '{"data":{}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message: CALLABLE_MESSAGES.contentType } });
  });

  it.each([
    ['{}', CALLABLE_MESSAGES.shape],
    ['{"data":1,"x":2}', CALLABLE_MESSAGES.shape],
    ['{"result":1}', CALLABLE_MESSAGES.shape],
    ['[{"data":1}]', CALLABLE_MESSAGES.shape],
    ['null', CALLABLE_MESSAGES.shape],
    ['"data"', CALLABLE_MESSAGES.shape],
    ['{"data":1', CALLABLE_MESSAGES.notJson],
    ['', CALLABLE_MESSAGES.notJson],
    ['{"data":{"__proto__":{"isAdmin":true}}}', CALLABLE_MESSAGES.notJson],
    // The same keys spelled with escapes, which the reviver-free parse must not let through.
    ['{"data":{"\\u005f_proto__":{"isAdmin":true}}}', CALLABLE_MESSAGES.notJson],
    ['{"data":{"constructor":{"prototype":{"isAdmin":true}}}}', CALLABLE_MESSAGES.notJson],
    ['{"data":{"\\u0063onstructor":{"prototype":{"isAdmin":true}}}}', CALLABLE_MESSAGES.notJson],
  ])('refuses the body %s with 400 INVALID_ARGUMENT', async (payload, message) => {
    const response = await post('/fn/testFunction', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message } });
  });

  it('accepts a body of exactly BODY_LIMIT_BYTES and refuses one byte more with 413', async () => {
    const limit = t.env.bodyLimitBytes;
    const bodyOfLength = (length: number) => {
      const frame = '{"data":{"echo":""}}';
      return `{"data":{"echo":"${'a'.repeat(length - frame.length)}"}}`;
    };
    expect(Buffer.byteLength(bodyOfLength(limit))).toBe(limit);
    expect((await post('/fn/testFunction', bodyOfLength(limit))).statusCode).toBe(200);

    const over = await post('/fn/testFunction', bodyOfLength(limit + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: BODY_TOO_LARGE_MESSAGE, details: { limitBytes: limit } },
    });
  });

  it('refuses a 2 MB body with 413', async () => {
    const response = await post('/fn/testFunction', `{"data":"${'x'.repeat(2 * 1024 * 1024)}"}`);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.status).toBe('INVALID_ARGUMENT');
  });

  it('answers an unknown function name with 404 NOT_FOUND on both routes', async () => {
    for (const url of ['/fn/noSuchFunction', '/demo-project/us-central1/noSuchFunction']) {
      const response = await post(url, '{"data":{}}');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { status: 'NOT_FOUND', message: MESSAGES.generic.notFound } });
    }
  });

  it('answers GET /fn/{name} with 404 NOT_FOUND, not the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/fn/testFunction' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.status).toBe('NOT_FOUND');
  });

  it('rejects input that breaks the contract with the first issue and the field errors', async () => {
    const response = await callFunction(t.app, 'testCreateStoreSimple', { slug: 'ok-slug', name: '' });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.message).toMatch(/>=1 characters/);
    expect(error.details.fieldErrors).toHaveProperty('name');
    expect(error.details.fieldErrors).not.toHaveProperty('slug');
  });

  it('refuses unknown input fields', async () => {
    const response = await callFunction(t.app, 'testFunction', { echo: 1, isAdmin: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.status).toBe('INVALID_ARGUMENT');
  });

  it('answers Accept: text/event-stream with one SSE event, for a result', async () => {
    const response = await post('/fn/testFunction', '{"data":{"echo":"sse"}}', { accept: 'text/event-stream' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.body).toBe(
      `data: ${JSON.stringify({ result: { ok: true, echo: 'sse', serverTime: FIXED_NOW.toISOString() } })}\n\n`,
    );
  });

  it('answers Accept: text/event-stream with one SSE event, for errors too', async () => {
    const notFound = await post('/fn/noSuchFunction', '{"data":{}}', { accept: 'text/event-stream' });
    expect(notFound.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(notFound.body).toBe(`data: ${JSON.stringify({ error: { status: 'NOT_FOUND', message: MESSAGES.generic.notFound } })}\n\n`);

    const badBody = await post('/fn/testFunction', '{}', { accept: 'text/event-stream' });
    expect(badBody.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(badBody.body).toMatch(/^data: \{"error":\{"status":"INVALID_ARGUMENT"/);
  });

  it('allows a CORS preflight from a configured origin', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/fn/testFunction',
      headers: {
        origin: TEST_ALLOWED_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization,x-firebase-appcheck',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(TEST_ALLOWED_ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
    const allowed = String(response.headers['access-control-allow-headers']).split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['content-type', 'authorization', 'x-firebase-appcheck']));
  });

  it('does not allow a CORS preflight from any other origin', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/fn/testFunction',
      headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('puts CORS headers on error replies too', async () => {
    const response = await callFunction(t.app, 'noSuchFunction', {}, { headers: { origin: TEST_ALLOWED_ORIGIN } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['access-control-allow-origin']).toBe(TEST_ALLOWED_ORIGIN);

    const tooLarge = await post('/fn/testFunction', `{"data":"${'x'.repeat(2 * 1024 * 1024)}"}`, {
      origin: TEST_ALLOWED_ORIGIN,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.headers['access-control-allow-origin']).toBe(TEST_ALLOWED_ORIGIN);
  });

  it('turns an unexpected exception into a generic 500 INTERNAL with an error id that is in the log', async () => {
    const response = await callFunction(t.app, 'testOnlyThrowUnexpected', {});
    expect(response.statusCode).toBe(500);
    const { error } = response.json();
    expect(error).toEqual({
      status: 'INTERNAL',
      message: 'An unexpected error occurred.',
      details: { errorId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(response.body).not.toContain('hunter2');
    const logged = logs.lines().find((line) => line.errorId === error.details.errorId);
    expect(logged?.level).toBe(50);
    expect(JSON.stringify(logged)).toContain(SECRET_DETAIL);
  });

  it('keeps serving after an unexpected exception', async () => {
    await callFunction(t.app, 'testOnlyThrowUnexpected', {});
    expect((await callFunction(t.app, 'testFunction', {})).statusCode).toBe(200);
  });

  it('answers a creator-only function with 401 UNAUTHENTICATED when nobody is signed in', async () => {
    const response = await callFunction(t.app, 'testOnlyCreatorOnly', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { status: 'UNAUTHENTICATED', message: 'Please sign in to perform this action' },
    });
  });

  it('outside production, fails a handler whose output breaks its contract (500, logged)', async () => {
    const response = await callFunction(t.app, 'testOnlyBrokenOutput', {});
    expect(response.statusCode).toBe(500);
    expect(response.json().error.status).toBe('INTERNAL');
  });
});

describe('callable protocol in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: testEnv({ NODE_ENV: 'production' }) });
  });
  afterAll(() => t?.close());

  it.each(['testFunction', 'testCreateStoreSimple'])('does not serve the development-only %s (404)', async (name) => {
    const response = await callFunction(t.app, name, { slug: 'prod-shop', name: 'Prod' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { status: 'NOT_FOUND', message: MESSAGES.generic.notFound } });
  });

  it('still serves the public functions', async () => {
    const response = await callFunction(t.app, 'lookupStore', { by: 'slug', slug: 'nobody' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: null });
  });
});

describe('callable protocol with CHECK_FUNCTION_OUTPUT=off (as in production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: testEnv({ CHECK_FUNCTION_OUTPUT: 'off' }), extraFunctions: testOnlyFunctions });
  });
  afterAll(() => t?.close());

  it('sends the answer without checking it against the contract', async () => {
    const response = await callFunction(t.app, 'testOnlyBrokenOutput', {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('result');
  });
});

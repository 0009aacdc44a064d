import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ERROR_CODES, HTTP_STATUS_BY_CODE, MESSAGES, type FunctionInput, type FunctionOutput } from '@shopfront/core';
import { deleteApp, FirebaseError, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testOnlyFunctions } from '#src/testing/test-functions.ts';

/**
 * The official firebase JS SDK, pointed at us with connectFunctionsEmulator,
 * gets typed results and decodes every spec §8 error code with its message.
 */
const FIXED_NOW = new Date('2030-06-07T08:09:10.000Z');

describe('the firebase JS SDK as a client', () => {
  let t: TestApp;
  let firebaseApp: FirebaseApp;
  let functions: Functions;

  beforeAll(async () => {
    t = await createTestApp({ extraFunctions: testOnlyFunctions, now: () => FIXED_NOW });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    firebaseApp = initializeApp(
      { apiKey: 'fake-api-key', projectId: 'demo-shopfront', appId: '1:000000000000:web:0000000000000000' },
      `sdk-test-${randomBytes(4).toString('hex')}`,
    );
    functions = getFunctions(firebaseApp);
    connectFunctionsEmulator(functions, '127.0.0.1', port);
  });
  afterAll(async () => {
    if (firebaseApp) await deleteApp(firebaseApp);
    await t?.close();
  });

  it('gets a typed result from testFunction', async () => {
    const testFunction = httpsCallable<FunctionInput<'testFunction'>, FunctionOutput<'testFunction'>>(
      functions,
      'testFunction',
    );
    const { data } = await testFunction({ echo: { n: 1 } });
    expect(data).toEqual({ ok: true, echo: { n: 1 }, serverTime: FIXED_NOW.toISOString() });
  });

  it('gets a typed result through the streaming call (text/event-stream)', async () => {
    const testFunction = httpsCallable<FunctionInput<'testFunction'>, FunctionOutput<'testFunction'>>(
      functions,
      'testFunction',
    );
    const { data } = await testFunction.stream({ echo: 'streamed' });
    await expect(data).resolves.toEqual({ ok: true, echo: 'streamed', serverTime: FIXED_NOW.toISOString() });
  });

  const throwAppError = () =>
    httpsCallable<FunctionInput<'testFunction'> | { code: string; message: string }, null>(
      functions,
      'testOnlyThrowAppError',
    );

  it.each(ERROR_CODES.filter((code) => code !== 'ok'))('decodes %s with its message', async (code) => {
    const message = `Our message for ${code}.`;
    const caught = await throwAppError()({ code, message }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(caught).toBeInstanceOf(FirebaseError);
    expect((caught as FirebaseError).code).toBe(`functions/${code}`);
    expect((caught as FirebaseError).message).toBe(`${message} [${HTTP_STATUS_BY_CODE[code]}]`);
  });

  it('decodes an error sent as an SSE event', async () => {
    const { data } = await throwAppError().stream({ code: 'already-exists', message: MESSAGES.slug.taken });
    await expect(data).rejects.toMatchObject({ code: 'functions/already-exists', message: expect.stringContaining(MESSAGES.slug.taken) });
  });

  it('decodes an unknown function as functions/not-found', async () => {
    await expect(httpsCallable(functions, 'noSuchFunction')({})).rejects.toMatchObject({
      code: 'functions/not-found',
      message: expect.stringContaining(MESSAGES.generic.notFound),
    });
  });
});

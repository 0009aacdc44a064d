import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { E2E_PORT } from './hosts.ts';
import { SUBJECTS, uniqueEmail, waitForCode } from './mailbox.ts';

export interface Creator {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

async function callFn(api: APIRequestContext, name: string, data: unknown): Promise<unknown> {
  const response = await api.post(`/fn/${name}`, { data: { data }, headers: { Origin: `http://localhost:${E2E_PORT}` } });
  const body = (await response.json()) as { result?: unknown; error?: { status: string; message: string } };
  expect(body.error, `${name} failed: ${JSON.stringify(body.error)}`).toBeUndefined();
  return body.result;
}

/**
 * A signed-up creator made through the public functions (code read from the outbox), for journeys
 * that start from an existing account. Its own request context, so no cookie leaks into the test.
 */
export async function createCreator(request: APIRequestContext, prefix: string): Promise<Creator> {
  const creator = { email: uniqueEmail(prefix), password: 'first-Password-1', firstName: 'Grace', lastName: 'Hopper' };
  const api = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  try {
    await callFn(api, 'sendVerificationCode', { email: creator.email, type: 'signup' });
    const code = await waitForCode(request, creator.email, { subject: SUBJECTS.signupCode });
    await callFn(api, 'verifyEmailCode', { email: creator.email, code, type: 'signup' });
    await callFn(api, 'signUp', { email: creator.email, password: creator.password, firstName: creator.firstName, lastName: creator.lastName });
  } finally {
    await api.dispose();
  }
  return creator;
}

/** A signed-in creator's own API context (session cookie inside), for front-door seeding. */
export interface CreatorApi {
  api: APIRequestContext;
  email: string;
  password: string;
  call<T>(name: string, data: unknown): Promise<T>;
}

export async function signedInCreator(request: APIRequestContext, prefix: string): Promise<CreatorApi> {
  const creator = await createCreator(request, prefix);
  const api = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}`, extraHTTPHeaders: { Origin: `http://localhost:${E2E_PORT}` } });
  const call = async <T>(name: string, data: unknown): Promise<T> => {
    const response = await api.post(`/fn/${name}`, { data: { data } });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    expect(body.error, `${name} failed: ${JSON.stringify(body.error)}`).toBeUndefined();
    return body.result as T;
  };
  await call('signInWithPassword', { email: creator.email, password: creator.password });
  return { api, email: creator.email, password: creator.password, call };
}

/** A store made, edited and published through the public functions, as a creator would. */

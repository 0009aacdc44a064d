import type { LightMyRequestResponse } from 'fastify';
import { callFunction, WEB_APP } from '#src/testing/call-function.ts';
import type { TestApp } from '#src/testing/test-app.ts';

export const STRONG_PASSWORD = 'correct horse battery staple';

export function signIn(t: TestApp, email: string, password: string, headers: Record<string, string> = {}) {
  return callFunction(t.app, 'signInWithPassword', { email, password }, { as: WEB_APP, headers });
}

/** The signed-in result's idToken (the session token). */
export async function signedInToken(t: TestApp, email: string, password: string): Promise<string> {
  const response = await signIn(t, email, password);
  const body = response.json() as { result?: { idToken?: string } };
  if (response.statusCode !== 200 || !body.result?.idToken) throw new Error(`sign-in failed: ${response.body}`);
  return body.result.idToken;
}

/** The raw `sf_session` Set-Cookie header of a reply, if any. */
export function sessionSetCookie(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((line) => line.startsWith('sf_session='));
}

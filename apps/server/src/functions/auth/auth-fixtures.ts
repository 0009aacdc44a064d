import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import type { LightMyRequestResponse } from 'fastify';
import { totpCode, totpStep } from '#src/identity/totp.ts';
import { callFunction, cookieHeader, WEB_APP } from '#src/testing/call-function.ts';
import { createCreator } from '#src/testing/creators.ts';
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

/** A creator with TOTP on, enrolled through the functions; answers the key so a test can compute codes. */
export async function enrolledCreator(t: TestApp, email: string, now: () => Date) {
  const userId = await createCreator(t, { email, password: STRONG_PASSWORD });
  const session = cookieHeader(await signedInToken(t, email, STRONG_PASSWORD));
  const start = (await callFunction(t.app, 'startTotpEnrollment', null, { as: WEB_APP, headers: session })).json() as { result: { secret: string } };
  const key = decodeBase32IgnorePadding(start.result.secret);
  const confirmed = await callFunction(t.app, 'confirmTotpEnrollment', { code: totpCode(key, totpStep(now())) }, { as: WEB_APP, headers: session });
  if (confirmed.statusCode !== 200) throw new Error(`enrolment failed: ${confirmed.body}`);
  const { recoveryCodes } = (confirmed.json() as { result: { recoveryCodes: string[] } }).result;
  return { email, userId, key, session, recoveryCodes };
}

/** The TOTP code `offsetSteps` steps (of 30 s) from `now`. */
export const totpCodeAt = (key: Uint8Array, now: Date, offsetSteps = 0) => totpCode(key, totpStep(now) + offsetSteps);

/** Six digits that are none of the codes accepted at `now` (the step before, its own and the next). */
export function wrongTotpCode(key: Uint8Array, now: Date): string {
  const accepted = new Set([-1, 0, 1].map((offset) => totpCodeAt(key, now, offset)));
  let guess = Number(totpCodeAt(key, now));
  do guess = (guess + 1) % 1_000_000;
  while (accepted.has(String(guess).padStart(6, '0')));
  return String(guess).padStart(6, '0');
}
